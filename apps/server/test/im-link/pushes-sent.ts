// Which pushes the server's code sends, read from its types: every call of a function whose
// `name` parameter is a type parameter constrained to the protocol's PushName (the gateway's push
// functions, pushInChunks, pushToConversation...) names its push as a string literal (or a union
// of them). A call that names its push in a way the types cannot tell is reported, so nothing
// slips past the table test by being indirect.
import path from 'node:path';
import ts from 'typescript';

export interface PushCalls {
  /** Push name → "file:line" of each call that sends it. */
  sent: Map<string, string[]>;
  /** Calls whose push name is neither literal nor a PushName-constrained type parameter. */
  unknown: string[];
}

const isPushNameConstraint = (type: ts.Type | undefined) => type?.aliasSymbol?.name === 'PushName';

export function pushCallsIn(serverRoot: string): PushCalls {
  const configPath = path.join(serverRoot, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const sourceRoot = path.join(serverRoot, 'src') + path.sep;
  const rootNames = parsed.fileNames.filter((f) => f.startsWith(sourceRoot));
  const program = ts.createProgram({ rootNames, options: { ...parsed.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const sent = new Map<string, string[]>();
  const unknown: string[] = [];

  const visit = (file: ts.SourceFile, node: ts.Node) => {
    if (ts.isCallExpression(node)) inspect(file, node);
    ts.forEachChild(node, (child) => visit(file, child));
  };

  const inspect = (file: ts.SourceFile, call: ts.CallExpression) => {
    const declaration = checker.getResolvedSignature(call)?.getDeclaration();
    if (!declaration || !('parameters' in declaration)) return;
    const index = declaration.parameters.findIndex((p) => {
      if (!p.type || !ts.isTypeReferenceNode(p.type)) return false;
      const type = checker.getTypeFromTypeNode(p.type);
      return (
        (type.flags & ts.TypeFlags.TypeParameter) !== 0 &&
        isPushNameConstraint(checker.getBaseConstraintOfType(type) ?? undefined)
      );
    });
    if (index < 0) return;
    const argument = call.arguments[index];
    if (!argument) return;
    const where = `${path.relative(serverRoot, file.fileName)}:${file.getLineAndCharacterOfPosition(call.getStart()).line + 1}`;
    const type = checker.getTypeAtLocation(argument);
    // Inside a wrapper that passes its own `name: N` on: its callers are inspected instead.
    if (type.flags & ts.TypeFlags.TypeParameter && isPushNameConstraint(type.getConstraint()))
      return;
    const parts = type.isUnion() ? type.types : [type];
    if (!parts.every((t) => t.isStringLiteral())) return void unknown.push(where);
    for (const part of parts as ts.StringLiteralType[]) {
      sent.set(part.value, [...(sent.get(part.value) ?? []), where]);
    }
  };

  for (const file of program.getSourceFiles()) {
    if (file.fileName.startsWith(sourceRoot)) visit(file, file);
  }
  return { sent, unknown };
}
