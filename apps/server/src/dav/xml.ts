import { SaxesParser } from 'saxes';

import { ApiError } from '../lib/errors';

/*
 * The XML of WebDAV and CalDAV request and answer bodies (ADR 0034). Requests are read by saxes:
 * a namespace-aware streaming parser that reads no DTD, so it can neither fetch an external
 * entity nor expand a declared one; a DOCTYPE is refused outright, and so is an element nested
 * deeper, or a document with more elements, than any client sends. Answers are written here with
 * every text and attribute escaped.
 */

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

/** The prefixes answers declare once on their root element. */
const PREFIXES: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'c',
  [NS.cs]: 'cs',
  [NS.apple]: 'ical',
};

/** Nesting deeper than this is refused: RFC 4791's deepest filter is about ten levels. */
export const XML_MAX_DEPTH = 32;
/** Elements in one request body at most: a multiget of 2,000 hrefs fits with room to spare. */
export const XML_MAX_ELEMENTS = 20_000;

export interface XmlElement {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const invalid = (message: string) => new ApiError('VALIDATION_FAILED', message);

/** The body's root element; 400 for anything that is not one well-formed, DTD-free document. */
export function parseXml(body: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let failure: ApiError | undefined;
  const fail = (error: ApiError) => {
    failure ??= error;
    throw error;
  };
  parser.on('doctype', () => fail(invalid('A DOCTYPE is not accepted.')));
  parser.on('error', (error) => fail(invalid(`The XML body is malformed: ${error.message}`)));
  parser.on('opentag', (tag) => {
    elements += 1;
    if (stack.length >= XML_MAX_DEPTH || elements > XML_MAX_ELEMENTS) {
      fail(invalid('The XML body is nested too deeply or has too many elements.'));
    }
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (typeof attribute !== 'string' && attribute.uri !== 'http://www.w3.org/2000/xmlns/') {
        attributes[attribute.local] = attribute.value;
      }
    }
    const element = {
      ns: tag.uri ?? '',
      name: tag.local ?? '',
      attributes,
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) {
      current.text += text;
    }
  });
  parser.on('cdata', (text) => {
    const current = stack.at(-1);
    if (current) {
      current.text += text;
    }
  });
  try {
    parser.write(body).close();
  } catch (error) {
    throw failure ?? (error instanceof ApiError ? error : invalid('The XML body is malformed.'));
  }
  if (failure) {
    throw failure;
  }
  if (!root) {
    throw invalid('The XML body has no root element.');
  }
  return root;
}

/** Whether `element` is `{ns}name`. */
export function isElement(element: XmlElement, ns: string, name: string): boolean {
  return element.ns === ns && element.name === name;
}

/** The first child `{ns}name` of `element`. */
export function child(element: XmlElement, ns: string, name: string): XmlElement | undefined {
  return element.children.find((each) => isElement(each, ns, name));
}

/** `{ns}name`, how properties are keyed. */
export function clark(ns: string, name: string): string {
  return `{${ns}}${name}`;
}

/** Text for XML content or an attribute; a CR as a reference, which XML would otherwise drop. */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll('\r', '&#13;');
}

/**
 * An element in an answer: with a known namespace's prefix, or declaring its own (a property a
 * client asked for that we do not know is echoed back as it named it).
 */
export function tag(ns: string, name: string, content?: string): string {
  const prefix = PREFIXES[ns];
  const safeName = /^[A-Za-z_][\w.-]*$/.test(name) ? name : 'invalid-name';
  const open = prefix ? `${prefix}:${safeName}` : `x:${safeName} xmlns:x="${escapeXml(ns)}"`;
  const close = prefix ? `${prefix}:${safeName}` : `x:${safeName}`;
  return content === undefined || content === '' ? `<${open}/>` : `<${open}>${content}</${close}>`;
}

/** The XML declaration and the multistatus root's opening tag, declaring every known prefix. */
export const MULTISTATUS_OPEN =
  '<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus' +
  Object.entries(PREFIXES)
    .map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`)
    .join('') +
  '>';
export const MULTISTATUS_CLOSE = '</d:multistatus>';

/** A DAV:error body naming the precondition that failed (RFC 4918 16, RFC 4791 1.3). */
export function davErrorBody(ns: string, name: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:"${
    ns === NS.dav ? '' : ` xmlns:c="${NS.caldav}"`
  }>${tag(ns, name)}</d:error>`;
}
