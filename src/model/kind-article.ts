/** Kind names after an indefinite article, as messages say them ("a ShadowLink", "an RpkShadowLinkConfig"). */

/** The name with "a" or "an" as it is read aloud: a vowel, or "Rpk" said letter by letter ("ar-pee-kay"). */
export const aKind = (kind: string): string => `${/^(?:[AEIOU]|Rpk)/i.test(kind) ? 'an' : 'a'} ${kind}`;
