import { useNavigate } from 'react-router-dom';
import { forgetTaggedAnswers, loggedOut, useAppDispatch } from '@matka/shared';
import { api, useLogoutMutation } from '@matka/shared/api';

/**
 * Ends the session (the server's logout, then this app forgets the player: the session, every cached
 * answer, the ETags of the polled ones) and goes to /login, even when the server did not answer. The
 * side menu and the reality check log out with it.
 */
export function useLogout(after?: () => void): [() => Promise<void>, boolean] {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const run = async () => {
    try {
      await logout();
    } finally {
      after?.();
      dispatch(loggedOut());
      dispatch(api.util.resetApiState());
      // the polled answers remembered for their ETags were this player's: gone with the session
      forgetTaggedAnswers();
      navigate('/login', { replace: true });
    }
  };
  return [run, isLoading];
}
