/** For tests (src/api/transport.test.ts, test/cli): an HTTPS server's certificate and key. */
// Self-signed test certificate for 127.0.0.1/localhost, valid 2000–2100 (test fixture only).
export const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBZjCCAQugAwIBAgIBATAKBggqhkjOPQQDAjATMREwDwYDVQQDDAhwYmMtdGVz
dDAgFw0wMDAxMDEwMDAwMDBaGA8yMTAwMDEwMTAwMDAwMFowEzERMA8GA1UEAwwI
cGJjLXRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAT3uRtWJjdty0Ju6Tzl
gKfNo31ngqJ7rZ1T7HJBU7v05o7jQoDLnYDf/vqD6R8Y668c+lUd/+ez+uUO2EeS
CogQo04wTDAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwDwYDVR0TAQH/BAUw
AwEB/zAdBgNVHQ4EFgQUn0waEM4WJ2Zqp9TiCVYVSCT/vQQwCgYIKoZIzj0EAwID
SQAwRgIhAP4JCgg+M2emosVYCPQEbmuv3XUHJ77juijeT9+31EKRAiEAqVPytb5m
J2fr2uVNNoLrFAwO3Q2jYCiX5l2LvHapbeI=
-----END CERTIFICATE-----
`;
export const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgwnajPGAiFPxoX3Hm
vvNUG7wRTWi7cnqzaIOxy1CVWSyhRANCAAT3uRtWJjdty0Ju6TzlgKfNo31ngqJ7
rZ1T7HJBU7v05o7jQoDLnYDf/vqD6R8Y668c+lUd/+ez+uUO2EeSCogQ
-----END PRIVATE KEY-----
`;
