import { toast, type ToastOptions } from 'react-toastify';

/** Toast timings of spec section 9: 3 s on bid screens, 5 s elsewhere; always top-right. */
export const BID_TOAST: ToastOptions = { autoClose: 3000, position: 'top-right' };
export const DEFAULT_TOAST: ToastOptions = { autoClose: 5000, position: 'top-right' };

export const notify = {
  success: (msg: string, opts: ToastOptions = DEFAULT_TOAST) => toast.success(msg, opts),
  error: (msg: string, opts: ToastOptions = DEFAULT_TOAST) => toast.error(msg, opts),
  info: (msg: string, opts: ToastOptions = DEFAULT_TOAST) => toast.info(msg, opts),
};
