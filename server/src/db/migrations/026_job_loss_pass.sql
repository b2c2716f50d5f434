-- A job's loss pass takes back earlier wins the new result
-- no longer gives: it walks every won bid of the day, and finding them in id order read the whole day's
-- bids again (about 2 s of scans at the end of a 1,000,000-bid settlement, while players bid). Only a
-- correction (a declared part changed) can take a win back: a market's first declaration of a day has no
-- earlier wins, and adding the Close result to the Open one leaves every outcome the Open result decided.
-- Such a job records that it needs no loss pass and ends with its gain pass.
ALTER TABLE settlement_jobs ADD COLUMN loss_pass boolean NOT NULL DEFAULT true;
