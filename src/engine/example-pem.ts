/** Throwaway PEM material for rule examples and tests: one P-256 certificate valid 2026-11-22 to 2027-11-22, its key and an unrelated key. Never used for anything real. */

/** A self-signed client certificate (CN=shadow-client), valid from 2026-11-22T21:38:20Z to 2027-11-22T21:38:20Z. */
export const EXAMPLE_CERT = `-----BEGIN CERTIFICATE-----
MIIBhTCCASugAwIBAgIUQV0JBBBZqF62H2gfBaJikSdu3jUwCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNc2hhZG93LWNsaWVudDAeFw0yNjExMjIyMTM4MjBaFw0yNzEx
MjIyMTM4MjBaMBgxFjAUBgNVBAMMDXNoYWRvdy1jbGllbnQwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAAQWbj8InmasH6sxJbmr9ySfW+t8eTrMLhc+HB+xXD+OxVWi
fcuGrgMY0QbamXh3QOe8P8WZrpeUI7iETp/cJ1fXo1MwUTAdBgNVHQ4EFgQUNx/3
Bs71RUsDPLCzKt3f/GO1QbMwHwYDVR0jBBgwFoAUNx/3Bs71RUsDPLCzKt3f/GO1
QbMwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEAoU75D3nbJSPi
jOQlNroO1T8lOCh+QHXMQzAT3HkbNEUCIHnaO4BidS408kiU5n79R0m/kX1tSOVJ
DgFzYpf+JunL
-----END CERTIFICATE-----
`;

/** The private key of `EXAMPLE_CERT` (PKCS#8). */
export const EXAMPLE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgitmDhJ6lhOEjvZRE
KPxOgeFTBqqZ5JeWLPhf4MENuDehRANCAAQWbj8InmasH6sxJbmr9ySfW+t8eTrM
Lhc+HB+xXD+OxVWifcuGrgMY0QbamXh3QOe8P8WZrpeUI7iETp/cJ1fX
-----END PRIVATE KEY-----
`;

/** A private key that does not belong to `EXAMPLE_CERT`. */
export const OTHER_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQJEToMubVFDgfqbb
4wic36RZIfVO3yiNJGrnkETbxfShRANCAARFPsHPAQ/SezwDmFPqecuAIF2GZkTy
Ev9N2TyimxfPgbaXdsLhzFQuwdWbDs4d44MKz9z3HHmiHqWVht9u8mCl
-----END PRIVATE KEY-----
`;
