import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ScormPackageError } from './package-error';

// Reading imsmanifest.xml into a plain tree, safely. A manifest is untrusted input, so no DTD entity is ever
// expanded (billion-laughs, external entities): a manifest declaring one is refused, and only the five predefined
// entities and character references are decoded, by hand, because the parser's entity processing is switched off.

/** An element: attributes as `@_name` (namespace prefix removed), text as `#text`, children as arrays. */
export type XmlNode = { [key: string]: XmlNode[] | string | undefined };

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML 1.0 section 4.6 predefined entities and section 4.1 character references; anything else stays as written. */
export function decodeXmlEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return PREDEFINED[ref] ?? whole;
    const codePoint = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  textNodeName: '#text',
  alwaysCreateTextNode: true,
  // Every element is an array, so one `item` and many `item`s read the same way.
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  tagValueProcessor: (_name, value) => decodeXmlEntities(value),
  attributeValueProcessor: (_name, value) => decodeXmlEntities(value),
});

/** Parses the manifest text and returns its `<manifest>` element, or refuses it with a reason. */
export function loadManifestXml(xml: string): XmlNode {
  const text = xml.startsWith('\uFEFF') ? xml.slice(1) : xml;
  if (/<!ENTITY/i.test(text)) {
    throw new ScormPackageError(
      'manifest_entities',
      'imsmanifest.xml declares DTD entities (<!ENTITY>); entity declarations are not accepted.',
      'imsmanifest.xml',
    );
  }
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    throw new ScormPackageError(
      'manifest_malformed',
      `imsmanifest.xml is not well-formed XML: ${msg} (line ${line}, column ${col}).`,
      'imsmanifest.xml',
    );
  }
  const root = parser.parse(text) as XmlNode;
  const manifest = children(root, 'manifest')[0];
  if (manifest === undefined) {
    throw new ScormPackageError(
      'manifest_not_manifest',
      'imsmanifest.xml has no <manifest> root element.',
      'imsmanifest.xml',
    );
  }
  return manifest;
}

// Element and attribute names are matched case-insensitively: SCORM 1.2 packages in the wild mix
// `adlcp:datafromlms` and `adlcp:dataFromLMS`, `adlcp:scormtype` and `adlcp:scormType`.
const findKey = (node: XmlNode, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  return Object.keys(node).find((key) => key.toLowerCase() === wanted);
};

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined) return [];
  const key = findKey(node, name);
  const value = key === undefined ? undefined : node[key];
  if (!Array.isArray(value)) return [];
  // An empty element can come back as '' rather than an object.
  return value.map((v) => (typeof v === 'string' ? { '#text': v } : v));
}

export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => children(node, name)[0];

/** The element's text, trimmed; undefined when the element is absent. */
export function textOf(node: XmlNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  const value = node['#text'];
  return typeof value === 'string' ? value.trim() : '';
}

/** An attribute value (trimmed by the parser); undefined when absent. */
export function attr(node: XmlNode | undefined, name: string): string | undefined {
  if (node === undefined) return undefined;
  const key = findKey(node, `@_${name}`);
  const value = key === undefined ? undefined : node[key];
  return typeof value === 'string' ? value : undefined;
}

/** An xs:ID / xs:IDREF attribute: whitespace is not part of the value (the ADL test suite pads them on purpose). */
export function idAttr(node: XmlNode | undefined, name: string): string | undefined {
  const value = attr(node, name)?.trim();
  return value === '' ? undefined : value;
}

/** Namespace URIs declared anywhere in the document; the parser drops xmlns attributes, so read them from the text. */
export function declaredNamespaces(xml: string): string[] {
  const withoutComments = xml.replace(/<!--[\s\S]*?-->/g, '');
  return [...withoutComments.matchAll(/\sxmlns(?::[\w.-]+)?\s*=\s*["']([^"']*)["']/g)].map((m) => m[1] ?? '');
}
