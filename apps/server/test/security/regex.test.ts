import fs from 'node:fs';
import path from 'node:path';

import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression in our own code runs in linear time (ADR 0022): user text reaches most
 * of them (import cells, headers, paths, quick add), and one super-linear pattern lets a single
 * request hold the event loop for seconds. recheck proves each pattern safe or gives an attack
 * string; a pattern built at run time (`new RegExp(text)`) cannot be checked here, so server and
 * shared code build none.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_ROOTS = ['packages/shared/src', 'apps/server/src', 'apps/web/src'];
/** Code that never runs on the server and is built from checked parts (issue 31 rewrites it). */
const RUNTIME_PATTERNS_ALLOWED = ['apps/web/src'];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* sourceFiles(file);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield file;
    }
  }
}

interface Found {
  where: string;
  source: string;
  flags: string;
}

function regexesIn(root: string): { literals: Found[]; built: string[] } {
  const literals: Found[] = [];
  const built: string[] = [];
  for (const file of sourceFiles(path.join(ROOT, root))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const where = (node: ts.Node) =>
      `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const slash = node.text.lastIndexOf('/');
        literals.push({
          where: where(node),
          source: node.text.slice(1, slash),
          flags: node.text.slice(slash + 1),
        });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        built.push(where(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, built };
}

describe('regular expressions', () => {
  it.each(SOURCE_ROOTS)('in %s all run in linear time', (root) => {
    const { literals, built } = regexesIn(root);
    expect(literals.length).toBeGreaterThan(0);
    const unsafe = literals.flatMap(({ where, source, flags }) => {
      const diagnostics = checkSync(source, flags);
      if (diagnostics.status === 'safe') {
        return [];
      }
      const attack =
        diagnostics.status === 'vulnerable' ? ` attack: ${diagnostics.attack.pattern}` : '';
      return [`${where} /${source}/${flags}: ${diagnostics.status}${attack}`];
    });
    expect(unsafe).toEqual([]);
    if (!RUNTIME_PATTERNS_ALLOWED.includes(root)) {
      expect(built).toEqual([]);
    }
  });
});
