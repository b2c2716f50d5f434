import { useEffect, useState } from 'react';
import { callApi, callNamed } from '@matka/shared';

let adminNumber: Promise<string> | null = null;

/**
 * The admin's number for 'Contact Admin' (social data mobile_no), fetched once per page with the plain
 * callApi: the login page shows this button and does not load RTK Query.
 */
export function useAdminNumber(): string {
  const [number, setNumber] = useState('');
  useEffect(() => {
    let live = true;
    adminNumber ??= callApi(callNamed('socialData')).then((r) => String(r.data?.mobile_no ?? ''));
    void adminNumber.then((n) => {
      if (!n) adminNumber = null;
      if (live) setNumber(n);
    });
    return () => {
      live = false;
    };
  }, []);
  return number;
}
