// Writes docs/im-sdk-reference.md from the SDK's own types: every option and callback of
// NIM.getInstance and Chatroom.getInstance, every public method of both with its parameters and
// what it resolves to, and every error (the SDK's named errors, the server's codes). The types
// are the contract; this page is read from them, and a test keeps it equal to them.
// Run: `npx tsx packages/im-sdk/scripts/reference.ts` (the test says so when it is stale).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';
import { CODES, NAMED_ERRORS } from '@morsel/protocol';

const SDK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REFERENCE_FILE = path.resolve(SDK_DIR, '../../docs/im-sdk-reference.md');
const FLAGS =
  ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

interface Member {
  name: string;
  type: string;
  optional: boolean;
  doc: string;
}

interface Method {
  name: string;
  /** The fields a call takes, one `name?: type` each. */
  takes: string[];
  returns: string;
  doc: string;
}

const cell = (text: string) =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
/** A type as code; `import("/abs/path").Name` (a type not in scope where it is printed) reads `Name`. */
const code = (text: string) =>
  text ? `\`${cell(text.replace(/import\("[^"]*"\)\./g, '')).replace(/`/g, "'")}\`` : '';

function program(): { checker: ts.TypeChecker; index: ts.SourceFile } {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(SDK_DIR, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const created = ts.createProgram([path.join(SDK_DIR, 'src/index.ts')], config.options);
  return {
    checker: created.getTypeChecker(),
    index: created.getSourceFile(path.join(SDK_DIR, 'src/index.ts'))!,
  };
}

function exported(checker: ts.TypeChecker, index: ts.SourceFile, name: string): ts.Symbol {
  const moduleSymbol = checker.getSymbolAtLocation(index)!;
  const symbol = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
  if (!symbol) throw new Error(`@morsel/im-sdk does not export ${name}`);
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

const docOf = (checker: ts.TypeChecker, symbol: ts.Symbol) =>
  ts.displayPartsToString(symbol.getDocumentationComment(checker));

/**
 * How a member's type reads in the source when it is written there (`TransportName[]`,
 * `(reply: LoginReply) => void`), else as the checker prints it where the member is declared.
 */
function typeText(checker: ts.TypeChecker, symbol: ts.Symbol, where: ts.Node): string {
  const declaration = symbol.valueDeclaration;
  if (
    declaration &&
    (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) &&
    declaration.type
  )
    return declaration.type.getText();
  if (declaration && ts.isMethodSignature(declaration)) {
    const parameters = declaration.parameters.map((p) => p.getText()).join(', ');
    return `(${parameters}) => ${declaration.type?.getText() ?? 'void'}`;
  }
  const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, where));
  return checker.typeToString(type, declaration ?? where, FLAGS);
}

/** The properties of an options or callbacks type, each with its type and comment. */
function properties(checker: ts.TypeChecker, type: ts.Type, where: ts.Node): Member[] {
  return checker
    .getPropertiesOfType(type)
    .map((symbol) => ({
      name: symbol.name,
      type: typeText(checker, symbol, where),
      optional: (symbol.flags & ts.SymbolFlags.Optional) !== 0,
      doc: docOf(checker, symbol),
    }))
    .filter((member) => !member.doc.startsWith('Internal'));
}

/** One line per parameter property: `name?: type`, so a reader sees each field a call takes. */
function parameterFields(
  checker: ts.TypeChecker,
  signature: ts.Signature,
  where: ts.Node,
): string[] {
  const fields: string[] = [];
  for (const parameter of signature.getParameters()) {
    let type = checker.getTypeOfSymbolAtLocation(parameter, where);
    // The facade forwards `...args: Parameters<Manager['method']>`: read the tuple's first element.
    if (checker.isTupleType(type)) type = checker.getTypeArguments(type as ts.TypeReference)[0]!;
    if (!type) continue;
    type = checker.getNonNullableType(type);
    const props = type.isUnion() ? [] : checker.getPropertiesOfType(type);
    if (props.length === 0 || checker.typeToString(type) === 'string') {
      fields.push(
        `${parameter.name}: ${checker.typeToString(type, parameter.valueDeclaration ?? where, FLAGS)}`,
      );
      continue;
    }
    for (const prop of props) {
      if (prop.name === 'done') continue; // every method takes NIM's done; said once above
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 ? '?' : '';
      fields.push(`${prop.name}${optional}: ${typeText(checker, prop, where)}`);
    }
  }
  return fields;
}

/** Public methods, and public properties holding functions (the chatroom's forwards). */
function methods(
  checker: ts.TypeChecker,
  classSymbol: ts.Symbol,
  where: ts.Node,
  managerDocs: Map<string, string>,
): Method[] {
  const instanceType = checker.getDeclaredTypeOfSymbol(classSymbol);
  return checker
    .getPropertiesOfType(instanceType)
    .flatMap((symbol): Method[] => {
      // The facade's forwards come from its managers through an interface (decision 0063): their
      // declarations are the managers' methods.
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      if (!declaration) return [];
      if (!ts.isMethodDeclaration(declaration) && !ts.isPropertyDeclaration(declaration)) return [];
      const modifiers = ts.getCombinedModifierFlags(declaration);
      if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return [];
      const signature = checker.getTypeOfSymbolAtLocation(symbol, where).getCallSignatures()[0];
      if (!signature) return [];
      return [
        {
          name: symbol.name,
          takes: parameterFields(checker, signature, where),
          returns: checker.typeToString(
            checker.getReturnTypeOfSignature(signature),
            declaration,
            FLAGS,
          ),
          doc: docOf(checker, symbol) || managerDocs.get(symbol.name) || '',
        },
      ];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Comments of the managers' methods, which the facade's one-line forwards do not repeat. */
function managerMethodDocs(
  checker: ts.TypeChecker,
  classSymbols: ts.Symbol[],
): Map<string, string> {
  const docs = new Map<string, string>();
  for (const classSymbol of classSymbols) {
    for (const declaration of classSymbol.declarations ?? []) {
      if (!ts.isClassDeclaration(declaration)) continue;
      for (const member of declaration.members) {
        if (!ts.isMethodDeclaration(member) || !member.name) continue;
        const symbol = checker.getSymbolAtLocation(member.name);
        const text = symbol ? docOf(checker, symbol) : '';
        if (text && !docs.has(member.name.getText())) docs.set(member.name.getText(), text);
      }
    }
  }
  return docs;
}

/** The manager classes the facade holds (its private fields' types). */
function managerClasses(checker: ts.TypeChecker, facade: ts.Symbol): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  for (const declaration of facade.declarations ?? []) {
    if (!ts.isClassDeclaration(declaration)) continue;
    for (const member of declaration.members) {
      if (!ts.isPropertyDeclaration(member) || !member.type) continue;
      const symbol = checker.getTypeAtLocation(member.type).getSymbol();
      if (symbol?.declarations?.some(ts.isClassDeclaration)) found.push(symbol);
    }
  }
  return found;
}

function optionsTable(members: Member[]): string[] {
  return [
    '| option | type | required | meaning |',
    '| ------ | ---- | -------- | ------- |',
    ...members.map(
      (m) => `| \`${m.name}\` | ${code(m.type)} | ${m.optional ? '' : 'yes'} | ${cell(m.doc)} |`,
    ),
  ];
}

function callbacksTable(members: Member[]): string[] {
  return [
    '| callback | called with | meaning |',
    '| -------- | ----------- | ------- |',
    ...members.map((m) => `| \`${m.name}\` | ${code(m.type)} | ${cell(m.doc)} |`),
  ];
}

function methodsTable(members: Method[]): string[] {
  return [
    '| method | takes | resolves to | meaning |',
    '| ------ | ----- | ----------- | ------- |',
    ...members.map(
      (m) =>
        `| \`${m.name}\` | ${m.takes.map(code).join('<br>')} | ${code(m.returns)} | ${cell(m.doc)} |`,
    ),
  ];
}

const isCallback = (m: Member) => /^on[A-Za-z]/.test(m.name);

function referenceText(): string {
  const { checker, index } = program();
  const nim = exported(checker, index, 'NIM');
  const chatroom = exported(checker, index, 'Chatroom');
  const nimOptions = checker.getDeclaredTypeOfSymbol(exported(checker, index, 'NimOptions'));
  const chatroomOptions = checker.getDeclaredTypeOfSymbol(
    exported(checker, index, 'ChatroomOptions'),
  );
  const docs = managerMethodDocs(checker, managerClasses(checker, nim));
  const roomDocs = managerMethodDocs(checker, managerClasses(checker, chatroom));
  const nimMembers = properties(checker, nimOptions, index);
  const roomMembers = properties(checker, chatroomOptions, index);
  const lines = [
    '# The IM SDK: reference',
    '',
    "<!-- Generated by packages/im-sdk/scripts/reference.ts from the SDK's types; do not edit. -->",
    '',
    'Every option, callback, method and error of `@morsel/im-sdk`, read from its TypeScript types',
    '(a test keeps this page equal to them). The names are those of the NIM Web SDK. How to install',
    'and start: [the package README](../packages/im-sdk/README.md); how the SDK is built:',
    "[im-sdk.md](im-sdk.md). Every method returns a promise and also accepts NIM's",
    '`done(error, result)` among its options; errors are `ImError`s (below).',
    '',
    '## `NIM.getInstance(options)`',
    '',
    'One instance per app key and account (and `deviceId`): a second call returns the same instance',
    'with the options updated. It connects at once unless `autoConnect` is false.',
    '',
    '### Options',
    '',
    ...optionsTable(nimMembers.filter((m) => !isCallback(m))),
    '',
    '### Callbacks',
    '',
    ...callbacksTable(nimMembers.filter(isCallback)),
    '',
    '### Methods',
    '',
    ...methodsTable(methods(checker, nim, index, docs)),
    '',
    '## `Chatroom.getInstance(options)`',
    '',
    'A chatroom has its own connection: get its addresses from `nim.getChatroomAddress` (or from',
    'your backend), then one instance per account and room.',
    '',
    '### Options',
    '',
    ...optionsTable(roomMembers.filter((m) => !isCallback(m))),
    '',
    '### Callbacks',
    '',
    ...callbacksTable(roomMembers.filter(isCallback)),
    '',
    '### Methods',
    '',
    ...methodsTable(methods(checker, chatroom, index, roomDocs)),
    '',
    '## Errors',
    '',
    "An `ImError` has a `code` and a `message`. The SDK's own errors have names for codes:",
    '',
    NAMED_ERRORS.map((name) => `\`${name}\``).join(', '),
    '',
    "The server's codes (document 2, section 8):",
    '',
    '| code | meaning |',
    '| ---- | ------- |',
    ...Object.entries(CODES).map(([value, meaning]) => `| ${value} | ${cell(String(meaning))} |`),
    '',
  ];
  return lines.join('\n');
}

/** The page as the repository's formatter leaves it, so the file and the types compare exactly. */
export async function renderReference(): Promise<string> {
  const options = await prettier.resolveConfig(REFERENCE_FILE);
  return prettier.format(referenceText(), { ...options, filepath: REFERENCE_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await fs.writeFile(REFERENCE_FILE, await renderReference());
  console.log(`wrote ${path.relative(process.cwd(), REFERENCE_FILE)}`);
}
