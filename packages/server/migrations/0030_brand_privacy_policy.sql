-- Personal information (PIPL, docs/operations.md "Personal information (PIPL)").

-- The version of the brand's 隐私政策 now in force: an SMS code is sent only to a caller who consented to this
-- version (consentVersion). Unlike the rest of the row it follows the brand manifest on every start, because the
-- policy text ships with the client build; '' (a brand no manifest names) refuses every code until it is set.
ALTER TABLE brand ADD COLUMN privacy_policy_version text NOT NULL DEFAULT '';

-- 注销账号: the code that confirms a cancellation has a purpose of its own.
ALTER TABLE sms_code DROP CONSTRAINT sms_code_purpose_check;
ALTER TABLE sms_code ADD CONSTRAINT sms_code_purpose_check
  CHECK (purpose IN ('login', 'updatePhone', 'frozen', 'awaken', 'qr', 'cancelAccount'));

-- A cancelled account keeps its row for the orders that point at it (accounting), with the phone masked and every
-- other personal field emptied. Masked phones may repeat, and the phone is free for a new account at once, so a
-- phone is unique among the accounts not cancelled only.
ALTER TABLE user_account ADD COLUMN cancelled_at timestamptz;
ALTER TABLE user_account DROP CONSTRAINT user_account_brand_id_mobile_key;
CREATE UNIQUE INDEX user_account_mobile ON user_account (brand_id, mobile) WHERE cancelled_at IS NULL;
