/**
 * The version of the brand's 隐私政策 a person accepts by ticking the consent box, sent as `consentVersion` with the
 * QR sign-in. One constant for every brand until the brand manifest carries `legal.privacyPolicyVersion`; then the
 * login screen passes that instead.
 */
export const PRIVACY_POLICY_VERSION = '2025-01';
