import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = node.value;
    return typeof value === 'boolean'
      ? { ...node, value: value ? 1 : 0 }
      : super.transformValue(node);
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return {
      ...node,
      values: node.values.map((value) => (typeof value === 'boolean' ? Number(value) : value)),
    };
  }
}

/**
 * SQLite has no boolean type and better-sqlite3 refuses to bind one: booleans written through
 * Kysely become 1 and 0, so the same queries run on both engines. Reads give 1 and 0 back
 * (Kysely's SqlBool type); code that needs a boolean calls Boolean().
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  private readonly transformer = new BooleanToInteger();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
