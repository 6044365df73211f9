/** Throwaway PEM material for rule examples and tests: certificates valid from 2026-11-22/23 for a year, their keys, an unrelated key and broken variants. Never used for anything real. */

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

/** `EXAMPLE_KEY` encrypted (PKCS#8, passphrase "example"). */
export const ENCRYPTED_KEY = `-----BEGIN ENCRYPTED PRIVATE KEY-----
MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAhjHVNCndrM6QICCAAw
DAYIKoZIhvcNAgkFADAdBglghkgBZQMEAQIEEKl6DLHngADJLcacC0sFkfkEgZCR
brBA74iEd3rG1NNYHCzqxmB+LbAu+ZDF0HCTpSdzyHvmb45XjdeEfoxZREJyUIaP
XHn7aXeh+pkffyWkC0mBrTivvp3UG6tkKaZTT9QzLq9Q6xinboKE9UsqtSWONyRR
0dsgDbIawyzv5I8lfF0fJwlf9nPWMGnauusS1pKEUVk1kPo10aSmMUP0YtYIROw=
-----END ENCRYPTED PRIVATE KEY-----
`;

/** A self-signed Ed448 certificate (CN=shadow-client), valid from 2026-11-23T06:24:14Z to 2027-11-23T06:24:14Z. */
export const ED448_CERT = `-----BEGIN CERTIFICATE-----
MIIBkDCCARCgAwIBAgIUee24DiXGpUYGXmiALV3peDIC4KAwBQYDK2VxMBgxFjAU
BgNVBAMMDXNoYWRvdy1jbGllbnQwHhcNMjYxMTIzMDYyNDE0WhcNMjcxMTIzMDYy
NDE0WjAYMRYwFAYDVQQDDA1zaGFkb3ctY2xpZW50MEMwBQYDK2VxAzoAAkxBbENO
kUZpa215R2NICDnCTmKzGBoGvv8AJtd5Mxpf4y11sAmsJw0yLifo8rfaPmKHNoSL
Bv4Ao1MwUTAdBgNVHQ4EFgQURNlzLsp2Yw3R4dlze0nWIERl56wwHwYDVR0jBBgw
FoAURNlzLsp2Yw3R4dlze0nWIERl56wwDwYDVR0TAQH/BAUwAwEB/zAFBgMrZXED
cwBvU6cFGfLxgvWVs3tFrAK/jQjCRTSFCquWk1VXYrCHLjagBMDnYp3r/1cwqTQC
mCXaJxRddUosYoDDjv1jR6oMSxBsfC3jGkwj1sk4pqAuB0sO/iaL+qrfW7aoGL1J
0j8W9a4w+LcwM9xGRTp9ZvjNGwA=
-----END CERTIFICATE-----
`;

/** The private key of `ED448_CERT` (PKCS#8 without its public key, as OpenSSL writes it). */
export const ED448_KEY = `-----BEGIN PRIVATE KEY-----
MEcCAQAwBQYDK2VxBDsEOWgFYn4SMdQYzadg2dhp+1IFUQbSPhx0IH4W/DZGJfux
VZWTTtcjx3a3pvC/nR0L20v9o4Bdxdq+zQ==
-----END PRIVATE KEY-----
`;

const body = (pem: string): string => pem.split('\n').slice(1, -2).join('');
const block = (label: string, base64: string): string =>
  `-----BEGIN ${label}-----\n${base64.replace(/.{64}/g, '$&\n').trimEnd()}\n-----END ${label}-----\n`;

/** `EXAMPLE_CERT` with the last three base64 characters cut off. */
export const TRUNCATED_CERT = block('CERTIFICATE', body(EXAMPLE_CERT).slice(0, -3));

/** `EXAMPLE_CERT` with one character that is not base64. */
export const NOT_BASE64_CERT = block(
  'CERTIFICATE',
  `${body(EXAMPLE_CERT).slice(0, 40)}*${body(EXAMPLE_CERT).slice(41)}`,
);

/** Valid base64 in a certificate block, but the DER of a private key rather than of a certificate. */
export const NOT_X509_CERT = block('CERTIFICATE', body(OTHER_KEY));
