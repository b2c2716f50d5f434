// The shared remote-page test harness (one copy for the Starline and Gali tests).
export * from '@matka/shared/test-utils/remote-harness';
