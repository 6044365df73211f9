// The documents `npm run bench` measures lint as the figures say they do: the clean ones with no
// finding, the one-finding request with exactly one. A change of findings on them would silently
// change what a figure measures. (No timing here: the bench prints times, tests never assert them.)
import { describe, expect, it } from 'vitest';
import { lint, lintText } from '../src/index';
import {
  brokerResponse,
  largeResponse,
  link,
  linkOfSize,
  requestWithOneFinding,
  smallLink,
  toYaml,
  typicalRequest,
} from '../scripts/bench-inputs';

const codes = (r: { diagnostics: { code: string }[] }) => r.diagnostics.map((d) => d.code);

describe('bench inputs', () => {
  it('the typical request, the 40-route GetBroker response and a large response lint clean', () => {
    expect(codes(lint('CreateShadowLinkRequest', JSON.parse(typicalRequest())))).toEqual([]);
    const broker = JSON.parse(brokerResponse(40)) as { broker: { adminServer: { routes: unknown[] } } };
    expect(broker.broker.adminServer.routes).toHaveLength(40);
    expect(codes(lint('GetBrokerResponse', broker))).toEqual([]);
    expect(codes(lint('CreateShadowLinkResponse', JSON.parse(largeResponse(20, 12))))).toEqual([]);
  });

  it('the one-finding request has exactly one finding', () => {
    expect(codes(lint('CreateShadowLinkRequest', JSON.parse(requestWithOneFinding())))).toEqual(['duration']);
  });

  it('the typical request as JSON and YAML text lints clean, and the YAML reads back as the same value', () => {
    const value = JSON.parse(typicalRequest()) as unknown;
    const yaml = toYaml(value);
    expect(codes(lintText(typicalRequest(), { filename: 'r.json', kind: 'CreateShadowLinkRequest' }))).toEqual([]);
    const result = lintText(yaml, { filename: 'r.yaml', kind: 'CreateShadowLinkRequest' });
    expect(codes(result)).toEqual([]);
    expect(result.source.value).toEqual(value);
  });

  it('the scaling links lint clean, and N extra keys make N findings', () => {
    for (const format of ['json', 'yaml'] as const) {
      const { text } = linkOfSize(0.05, format);
      expect(codes(lintText(text, { filename: `link.${format}` }))).toEqual([]);
    }
    const findings = lintText(JSON.stringify(link(10, 30)), { filename: 'f.json' });
    expect(codes(findings)).toEqual(Array(30).fill('schema/unknown-property'));
  });

  it('the many-files link lints clean as JSON and YAML', () => {
    expect(codes(lintText(JSON.stringify(smallLink(7)), { filename: 'shadow-links/link-7.json' }))).toEqual([]);
    expect(codes(lintText(toYaml(smallLink(7)), { filename: 'shadow-links/link-7.yaml' }))).toEqual([]);
  });
});
