/**
 * The platform-free crypto and PEM code against Node's OpenSSL as the oracle: digests, base64,
 * public-key derivation, certificate dates and key ↔ certificate matching over the committed
 * vectors in fixtures/pem (made by fixtures/pem/generate.sh), then the rule's findings on them.
 */
import { createHash, createPrivateKey, generateKeyPairSync, X509Certificate, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/util/sha256';
import { sha512 } from '../src/util/sha512';
import { fromBase64, toBase64 } from '../src/util/base64';
import { keyFingerprint } from '../src/facts/fingerprint';
import { ecPublicPoint, ed25519PublicKey } from '../src/facts/pem/curves';
import {
  CERT_LABELS,
  KEY_LABELS,
  findPemBlocks,
  matchKey,
  readCertificate,
  readPrivateKey,
} from '../src/facts/pem/index';
import { decodePemBody } from '../src/facts/pem/blocks';
import { lint } from '../src/lint/lint';
import { FIXTURES } from './helpers';

const PEM_DIR = join(FIXTURES, 'pem');
const pemFiles = readdirSync(PEM_DIR).sort();
const load = (name: string): string => readFileSync(join(PEM_DIR, name), 'utf8');
const certFiles = pemFiles.filter((f) => f.endsWith('.crt'));
const keyFiles = pemFiles.filter((f) => f.endsWith('.key'));
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('digests and base64 without Node built-ins', () => {
  it('sha256 equals Node on bytes, on strings (UTF-8, lone surrogates included) and across block sizes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(hex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
    );
    fc.assert(
      fc.property(
        // UTF-16 code units, lone surrogates included (fast-check's own full-Unicode strings are slow).
        fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 }).map((u) => String.fromCharCode(...u)),
        (s) => {
          expect(hex(sha256(s))).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
        },
      ),
    );
    for (let n = 50; n < 140; n++) {
      const s = 'x'.repeat(n);
      expect(hex(sha256(s)), String(n)).toBe(createHash('sha256').update(s).digest('hex'));
    }
  });

  it('sha512 equals Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(hex(sha512(bytes))).toBe(createHash('sha512').update(bytes).digest('hex'));
      }),
      { numRuns: 50 },
    );
  });

  it('keyFingerprint is base64 of SHA-256 over the PEM text as sent', () => {
    const key = load('p256.key');
    expect(keyFingerprint(key)).toBe(createHash('sha256').update(key, 'utf8').digest('base64'));
    expect(keyFingerprint('')).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('base64 round-trips like Buffer and refuses anything but canonical padded base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(hex(fromBase64(text)!)).toBe(hex(bytes));
      }),
    );
    for (const bad of ['a', 'ab', 'abc', 'ab=c', 'a===', '=AAA', 'AA AA', 'AA\nA', 'éAAA']) {
      expect(fromBase64(bad), bad).toBeUndefined();
    }
  });
});

describe('public keys derived from private keys equal OpenSSL’s', () => {
  const curves = [
    ['P-256', '1.2.840.10045.3.1.7'],
    ['P-384', '1.3.132.0.34'],
    ['P-521', '1.3.132.0.35'],
  ] as const;
  for (const [curve, oid] of curves) {
    it(`${curve}: d·G`, () => {
      for (let i = 0; i < 4; i++) {
        const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: curve });
        const d = BigInt(`0x${Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url').toString('hex')}`);
        const point = ecPublicPoint(oid, d)!;
        expect(hex(point)).toBe(hex(publicKey.export({ format: 'der', type: 'spki' }).subarray(-point.length)));
      }
    });
  }

  it('Ed25519: RFC 8032 test vector 1, and generated keys', () => {
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    expect(hex(ed25519PublicKey(seed))).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    for (let i = 0; i < 4; i++) {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const derived = ed25519PublicKey(privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32));
      expect(hex(derived)).toBe(hex(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)));
    }
  });
});

/** What OpenSSL (through Node) says of a key and a certificate: true, false, or undefined when it cannot load them. */
function opensslVerdict(cert: X509Certificate, key: KeyObject | undefined): boolean | undefined {
  return key && cert.checkPrivateKey(key);
}

function nodeKey(pem: string): KeyObject | undefined {
  try {
    return createPrivateKey(pem);
  } catch {
    return undefined;
  }
}

const firstCert = (name: string) => readCertificate(findPemBlocks(load(name), CERT_LABELS)[0]!);
const firstKey = (name: string) => readPrivateKey(findPemBlocks(load(name), KEY_LABELS)[0]!);

describe('certificates and keys against OpenSSL, over fixtures/pem', () => {
  const BROKEN_CERTS = new Set(['not-base64.crt', 'not-x509.crt', 'truncated.crt']);

  it.each(certFiles)('%s: readable exactly when OpenSSL reads it, with the same validity period', (name) => {
    const mine = firstCert(name);
    let node: X509Certificate | undefined;
    try {
      node = new X509Certificate(load(name));
    } catch {
      node = undefined;
    }
    expect(mine.ok).toBe(node !== undefined);
    expect(mine.ok).toBe(!BROKEN_CERTS.has(name));
    if (mine.ok && node) {
      expect(mine.value.notBefore).toBe(Date.parse(node.validFrom));
      expect(mine.value.notAfter).toBe(Date.parse(node.validTo));
    }
  });

  const readableCerts = certFiles.filter((c) => !BROKEN_CERTS.has(c));
  const pairs = readableCerts.flatMap((c) => keyFiles.map((k) => [c, k] as const));

  it('matches every key with every certificate as OpenSSL does (Ed448 aside, which is not compared)', () => {
    let compared = 0;
    const keys = new Map(keyFiles.map((k) => [k, { mine: firstKey(k), node: nodeKey(load(k)) }]));
    for (const [c, k] of pairs) {
      const cert = firstCert(c);
      const { mine: key, node } = keys.get(k)!;
      const expected = opensslVerdict(new X509Certificate(load(c)), node);
      if (!cert.ok) throw new Error(c);
      if (expected === undefined) {
        // OpenSSL could not load the key without a passphrase, or at all: so can we not.
        expect(!key.ok || key.value.encrypted, `${c} ${k}`).toBe(true);
        continue;
      }
      if (!key.ok || key.value.encrypted) throw new Error(`${k} should be readable`);
      const verdict = matchKey(key.value, cert.value);
      if (verdict.verdict === 'unknown') {
        expect([c, k]).toEqual(['ed448.crt', 'ed448.key']);
        expect(expected).toBe(true);
        continue;
      }
      expect(verdict.verdict === 'match', `${c} ${k}`).toBe(expected);
      compared++;
    }
    // Every fixture key that OpenSSL reads is compared with every readable certificate but one pair.
    expect(compared).toBeGreaterThan(readableCerts.length * (keyFiles.length - 6));
  });

  it('finds each key’s own certificate: PKCS#8, PKCS#1, SEC1, without a stored public point, compressed', () => {
    const own: [string, string][] = [
      ['rsa.crt', 'rsa.key'],
      ['rsa.crt', 'rsa.pkcs1.key'],
      ['rsa-pss.crt', 'rsa-pss.key'],
      ['p256.crt', 'p256.sec1.key'],
      ['p256.crt', 'p256.sec1-nopub.key'],
      ['p256.crt', 'p256.nopub.key'],
      ['p384.crt', 'p384.nopub.key'],
      ['p521.crt', 'p521.sec1-nopub.key'],
      ['p256c.crt', 'p256.key'],
      ['p256.crt', 'p256c.sec1.key'],
      ['ed25519.crt', 'ed25519.key'],
      ['dsa.crt', 'dsa.key'],
      ['dsa.crt', 'dsa.legacy.key'],
    ];
    for (const [c, k] of own) {
      const key = firstKey(k);
      const cert = firstCert(c);
      if (!key.ok || key.value.encrypted || !cert.ok) throw new Error(`${c} ${k}`);
      expect(matchKey(key.value, cert.value), `${c} ${k}`).toEqual({ verdict: 'match' });
    }
  });

  it('tells a point from its negation (same x, other y), compressed or not', () => {
    // d' = n - d has the public point (x, -y): only the parity of y tells it from the certificate's.
    const n = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
    const jwk = createPrivateKey(load('p256.key')).export({ format: 'jwk' });
    const d = BigInt(`0x${Buffer.from(jwk.d!, 'base64url').toString('hex')}`);
    const negated = Buffer.from((n - d).toString(16).padStart(64, '0'), 'hex');
    const der = Buffer.concat([
      Buffer.from('30310201010420', 'hex'),
      negated,
      Buffer.from('a00a06082a8648ce3d030107', 'hex'),
    ]);
    const pem = `-----BEGIN EC PRIVATE KEY-----\n${der.toString('base64')}\n-----END EC PRIVATE KEY-----\n`;
    const key = readPrivateKey(findPemBlocks(pem, KEY_LABELS)[0]!);
    if (!key.ok || key.value.encrypted) throw new Error('unreadable');
    for (const c of ['p256.crt', 'p256c.crt']) {
      const cert = firstCert(c);
      if (!cert.ok) throw new Error(c);
      expect(opensslVerdict(new X509Certificate(load(c)), createPrivateKey(pem))).toBe(false);
      expect(matchKey(key.value, cert.value).verdict, c).toBe('mismatch');
    }
  });

  it('tells an encrypted key (PKCS#8 or legacy Proc-Type) from a broken one', () => {
    expect(firstKey('encrypted.key')).toEqual({ ok: true, value: { encrypted: true } });
    expect(firstKey('legacy-encrypted.key')).toEqual({ ok: true, value: { encrypted: true } });
    expect(firstKey('truncated.key')).toMatchObject({ ok: false, layer: 'der' });
    expect(firstKey('not-pkcs8.key')).toMatchObject({ ok: false, layer: 'der' });
  });
});

describe('PEM text', () => {
  const cert = load('p256.crt');
  const body = cert.split('\n').slice(1, -2).join('');

  it('reads blocks with CRLF line ends, text around them and RFC 1421 headers', () => {
    const text = `subject=CN = p256\r\n${cert.replace(/\n/g, '\r\n')}trailing text`;
    const [block] = findPemBlocks(text, CERT_LABELS);
    expect(readCertificate(block!).ok).toBe(true);
    const legacy = findPemBlocks(load('legacy-encrypted.key'), KEY_LABELS)[0]!;
    expect(legacy.headers[0]).toBe('Proc-Type: 4,ENCRYPTED');
  });

  it('gives a reason for each way a body can be broken', () => {
    expect(decodePemBody('')).toEqual({ ok: false, reason: 'its body is empty' });
    expect(decodePemBody(`${body.slice(0, 10)}!${body.slice(11)}`)).toMatchObject({
      reason: 'its body has characters that are not base64',
    });
    expect(decodePemBody(body.slice(0, -1))).toMatchObject({ reason: expect.stringContaining('truncated') });
    expect(decodePemBody(`AA==${body}`)).toMatchObject({ reason: expect.stringContaining('padding') });
    expect(readCertificate(findPemBlocks(cert.replace('-----END CERTIFICATE-----', ''), CERT_LABELS)[0]!)).toEqual({
      ok: false,
      layer: 'pem',
      reason: 'it has no "-----END CERTIFICATE-----" line',
    });
  });

  it('never throws on any prefix of a certificate or key, or on random bytes', () => {
    const der = fromBase64(body)!;
    const keyDer = fromBase64(load('rsa.key').split('\n').slice(1, -2).join(''))!;
    for (let n = 0; n < der.length; n++) {
      expect(readCertificate({ label: 'CERTIFICATE', headers: [], body: toBase64(der.subarray(0, n)) }).ok).toBe(false);
    }
    for (let n = 0; n < keyDer.length; n += 7) {
      expect(readPrivateKey({ label: 'PRIVATE KEY', headers: [], body: toBase64(keyDer.subarray(0, n)) }).ok).toBe(
        false,
      );
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(...KEY_LABELS, 'CERTIFICATE'), (bytes, label) => {
        const block = { label, headers: [], body: toBase64(bytes) };
        expect(() => (label === 'CERTIFICATE' ? readCertificate(block) : readPrivateKey(block))).not.toThrow();
      }),
    );
  });

  it('stays linear on huge values inside keys, and bounds the work of derivations', () => {
    /** A DER element with a definite length. */
    const tlv = (tag: number, ...parts: Uint8Array[]): Uint8Array => {
      const body = Buffer.concat(parts);
      const len = body.length;
      const head = len < 128 ? [len] : [0x84, len >>> 24, (len >>> 16) & 255, (len >>> 8) & 255, len & 255];
      return Buffer.concat([Buffer.from([tag, ...head]), body]);
    };
    const oidBytes = (hex: string) => tlv(0x06, Buffer.from(hex, 'hex'));
    const int = (bytes: Uint8Array) => tlv(0x02, Buffer.concat([Buffer.from([0]), bytes]));
    const pkcs8 = (alg: Uint8Array, key: Uint8Array) =>
      tlv(0x30, int(new Uint8Array(0)), tlv(0x30, ...[alg]), tlv(0x04, key));
    const block = (der: Uint8Array) => ({ label: 'PRIVATE KEY', headers: [], body: toBase64(der) });
    const huge = new Uint8Array(500_000).fill(0xab);
    // RSA with a 500 KB modulus: read (the bigint is built in linear time), nothing computed.
    const rsaKey = tlv(0x30, ...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => int(i === 1 ? huge : Uint8Array.of(3))));
    const rsa = readPrivateKey(block(pkcs8(Buffer.concat([oidBytes('2a864886f70d010101'), tlv(0x05)]), rsaKey)));
    expect(rsa).toMatchObject({ ok: true, value: { publicKey: { type: 'RSA' } } });
    // EC P-256 with a 500 KB scalar and no public point: refused before any point multiplication.
    const ecAlg = Buffer.concat([oidBytes('2a8648ce3d0201'), oidBytes('2a8648ce3d030107')]);
    const ecKey = tlv(0x30, tlv(0x02, Uint8Array.of(1)), tlv(0x04, huge));
    expect(readPrivateKey(block(pkcs8(ecAlg, ecKey)))).toMatchObject({ ok: false, layer: 'der' });
    // DSA with x outside (0, q): not compared rather than exponentiated.
    const dsaAlg = Buffer.concat([
      oidBytes('2a8648ce380401'),
      tlv(0x30, int(Uint8Array.of(23)), int(Uint8Array.of(11)), int(Uint8Array.of(4))),
    ]);
    expect(readPrivateKey(block(pkcs8(dsaAlg, int(huge))))).toMatchObject({
      ok: true,
      value: { publicKey: undefined, why: 'the DSA key has out-of-range parameters' },
    });
  });

  it('scans many unterminated BEGIN lines in one pass', () => {
    const text = '-----BEGIN CERTIFICATE-----\nAAAA\n'.repeat(20_000);
    const blocks = findPemBlocks(text, CERT_LABELS);
    expect(blocks).toHaveLength(20_000);
    expect(blocks.every((b) => b.body === undefined)).toBe(true);
  });
});

describe('tls-pem-shape on fixtures/pem', () => {
  /** The rule's findings (messageId from the message, pointer's field) for PEM settings, at 2030-01-01. */
  function findings(settings: Record<string, string>) {
    const doc = {
      name: 'link',
      configurations: {
        clientOptions: { bootstrapServers: ['a:9092'], tlsSettings: { enabled: true, tlsPemSettings: settings } },
      },
    };
    return lint('ShadowLink', doc, { now: new Date('2030-01-01T00:00:00Z') })
      .diagnostics.filter((d) => d.code === 'tls-pem-shape')
      .map((d) => ({ field: d.pointer.split('/').pop(), severity: d.severity, message: d.message }));
  }

  it('accepts every matching pair', () => {
    for (const [cert, key] of [
      ['rsa.crt', 'rsa.pkcs1.key'],
      ['p521.crt', 'p521.nopub.key'],
      ['ed25519.crt', 'ed25519.key'],
      ['p256c.crt', 'p256.sec1-nopub.key'],
    ]) {
      expect(findings({ ca: load('rsa.crt') + load('p384.crt'), cert: load(cert!), key: load(key!) }), cert).toEqual(
        [],
      );
    }
  });

  it('reports broken bodies, mismatches, encrypted keys and validity, one finding per field', () => {
    expect(
      findings({ ca: load('p256.crt') + load('truncated.crt') + load('not-x509.crt'), cert: load('not-base64.crt') }),
    ).toEqual([
      {
        field: 'ca',
        severity: 'error',
        message:
          'Certificate 2 of 3 in `tlsPemSettings.ca` is not valid PEM: its body is truncated (the base64 text is not a whole number of 4-character groups). The server cannot load it. 1 more certificate in this field cannot be read either.',
      },
      {
        field: 'cert',
        severity: 'error',
        message:
          'The certificate in `tlsPemSettings.cert` is not valid PEM: its body has characters that are not base64. The server cannot load it.',
      },
    ]);
    expect(findings({ cert: load('rsa.crt'), key: load('p256.key') })).toEqual([
      {
        field: 'key',
        severity: 'error',
        message:
          '`tlsPemSettings.key` does not belong to the certificate in `tlsPemSettings.cert` (an EC key; the certificate holds an RSA public key).',
      },
    ]);
    expect(findings({ cert: load('p256.crt'), key: load('p256-other.key') })[0]?.message).toBe(
      '`tlsPemSettings.key` does not belong to the certificate in `tlsPemSettings.cert`.',
    );
    expect(findings({ cert: load('rsa.crt'), key: load('legacy-encrypted.key') })[0]?.message).toMatch(/is encrypted/);
    expect(findings({ cert: load('p256.crt'), key: load('truncated.key') })[0]?.message).toBe(
      'The private key in `tlsPemSettings.key` cannot be read: its DER data is truncated. The server cannot load it.',
    );
    expect(findings({ ca: load('expired.crt') + load('not-yet-valid.crt'), cert: load('not-yet-valid.crt') })).toEqual([
      {
        field: 'ca',
        severity: 'warning',
        message:
          'Certificate 1 of 2 in `tlsPemSettings.ca` expired on 2021-01-01T00:00:00.000Z. 1 more certificate in this field is expired or not yet valid too.',
      },
      {
        field: 'cert',
        severity: 'warning',
        message: 'The certificate in `tlsPemSettings.cert` is not valid before 2090-01-01T00:00:00.000Z.',
      },
    ]);
  });

  it('reads only the first certificate of `cert`, as the server does', () => {
    expect(findings({ cert: load('rsa.crt') + load('truncated.crt'), key: load('rsa.key') })).toEqual([]);
  });

  it('never quotes the key or certificate material', () => {
    const body = (name: string): string => load(name).split('\n').slice(1, -2).join('');
    const chunks = [...keyFiles, ...certFiles].flatMap((f) => {
      const b = body(f);
      return Array.from({ length: Math.floor(b.length / 12) }, (_, i) => b.slice(i * 12, i * 12 + 12));
    });
    const messages = [
      ...certFiles.flatMap((c) => findings({ ca: load(c), cert: load(c), key: load('p256.key') })),
      ...keyFiles.flatMap((k) => findings({ cert: load('p256.crt'), key: load(k) })),
    ].map((f) => f.message);
    expect(messages.length).toBeGreaterThan(15);
    expect(messages.filter((m) => chunks.some((c) => m.includes(c)))).toEqual([]);
  });
});
