-- The address each session logged in from, so that a registration from the device or the address of an
-- account on a break or self-excluded is refused (the device) or held for an operator (the address):
-- a second account must not be the way around one's own exclusion.
ALTER TABLE auth_tokens ADD COLUMN ip text;
CREATE INDEX auth_tokens_ip_idx ON auth_tokens (ip, created_at) WHERE ip IS NOT NULL;
CREATE INDEX auth_tokens_device_idx ON auth_tokens (device_id, created_at) WHERE device_id IS NOT NULL;
