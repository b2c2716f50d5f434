-- Points of a reversed win that the wallet no longer held when a corrected result took the win back
-- (a reversal never takes a wallet below zero). A later re-payment of the same bid (the result
-- restored) is netted against it, so a win -> withdraw -> correct -> restore sequence pays once.
ALTER TABLE bids ADD COLUMN unrecovered bigint NOT NULL DEFAULT 0 CHECK (unrecovered >= 0);
