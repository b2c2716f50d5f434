import { Link } from 'react-router-dom';
import { MSG } from '@matka/shared';
import { Msg } from '@matka/shared/i18n';
import { AuthCard } from '../components/AuthCard';

/** Shown when an OTP or reset screen is opened without the state of the step before it. */
export function InvalidNavigation({
  title,
  restartTo,
  restartText,
}: {
  title: string;
  restartTo: string;
  restartText: string;
}) {
  return (
    <AuthCard title={title}>
      <p className="form-error form-message" role="alert">
        <Msg text={MSG.invalidNavigation} />
      </p>
      <Link className="btn btn-primary btn-block" to={restartTo}>
        {restartText}
      </Link>
    </AuthCard>
  );
}
