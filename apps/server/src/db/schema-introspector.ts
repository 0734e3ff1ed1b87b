import {
  type DatabaseIntrospector,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * What Kysely's migrator asks of the database (does its bookkeeping table exist?), answered from
 * the connection's own schema only. Kysely's PostgreSQL introspector reads every column of every
 * table in every schema, which is slow and fails when another schema is dropped meanwhile, as
 * parallel tests each in their own schema do (a schema vanishing between two catalog reads).
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type
      from information_schema.tables
      where table_schema = current_schema()
    `.execute(this.#db);
    return rows.map(({ name, schema, type }) => ({
      name,
      schema,
      isView: type === 'VIEW',
      isForeign: type === 'FOREIGN',
      columns: [],
    }));
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only the connection's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
