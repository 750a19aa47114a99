import type { AttributeValue, ConsumedCapacity, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { setDbClientHook } from './db.js';
import { TABLE_KEYS } from './table.js';

/**
 * The capacity model's recorder (docs/decisions/0265-capacity-model.md, docs/scale.md): every DynamoDB
 * call the handlers make, with the partition keys it writes and the write and read units it costs
 * by DynamoDB's published rules. It sits on the one client (db.ts) as a middleware that does
 * nothing unless the bench switches it on, so production pays one boolean test per call.
 */

type Item = Record<string, AttributeValue>;
/** A row as the document client reads and writes it (plain values); its size is its attribute values'. */
type Row = Record<string, unknown>;
const rowSize = (row: Row) => itemSize(attributeValues(row));

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** Significant digits of a DynamoDB number: sign, exponent, leading and trailing zeros dropped. */
function significantDigits(n: string): number {
  const mantissa = n.replace(/^[+-]/, '').replace(/[eE].*$/, '');
  // 1200 is kept as 12 x 10^2 and 0.05 as 5 x 10^-2: zeros on either end cost nothing.
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.max(1, digits.length);
}

function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return Math.ceil(significantDigits(value.N) / 2) + 1;
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, s) => sum + Math.ceil(significantDigits(s) / 2) + 1, 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + b.byteLength, 0);
  // Lists and maps: 3 bytes whatever they hold, and 1 byte more per element.
  if (value.L !== undefined) return 3 + value.L.reduce((sum, v) => sum + 1 + valueSize(v), 0);
  if (value.M !== undefined)
    return 3 + Object.entries(value.M).reduce((sum, [k, v]) => sum + 1 + utf8(k) + valueSize(v), 0);
  return 0;
}

/**
 * An item's size as DynamoDB counts it for capacity and the 400 KB limit ("DynamoDB item sizes and
 * formats", developer guide): each attribute's UTF-8 name plus its value; strings by UTF-8 bytes,
 * numbers one byte per two significant digits plus one, binary by raw bytes, booleans and nulls one
 * byte, lists and maps three bytes plus one per element plus the elements.
 */
export function itemSize(item: Item): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) size += utf8(name) + valueSize(value);
  return size;
}

/** Write units of one item write: one per started KB, at least one; doubled inside a transaction. */
export const writeUnits = (bytes: number, transactional = false) =>
  Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);

/** Read units of `bytes` read in one go: one per started 4 KB (at least one), half when eventually consistent, doubled in a transaction. */
export const readUnits = (bytes: number, opts: { consistent?: boolean; transactional?: boolean } = {}) =>
  Math.max(1, Math.ceil(bytes / 4096)) * (opts.transactional ? 2 : opts.consistent ? 1 : 0.5);

/** One partition's share of a call's writes: the table's `pk`, or an index's partition key. */
export interface KeyWrite {
  /** `table` or the index name (gsi1, gsi2). */
  index: string;
  key: string;
  units: number;
  /** The item's size after the write (before it, for a delete). */
  bytes: number;
}

export interface RecordedCall {
  op: string;
  table: string;
  transactional: boolean;
  failed: boolean;
  writes: KeyWrite[];
  /** Read units by the rules (Query and Scan: DynamoDB Local's own figure, which counts filtered items). */
  readUnits: number;
  itemsRead: number;
  /** Partition keys read (`table:pk` or `gsi1:gsi1pk`). */
  readKeys: string[];
  /** What DynamoDB Local reported (ReturnConsumedCapacity), for the cross-check. */
  localUnits?: number;
}

const INDEXES = TABLE_KEYS.indexes;
const PK = TABLE_KEYS.partitionKey;
const SK = TABLE_KEYS.sortKey;

interface WritePart {
  table: string;
  kind: 'put' | 'update' | 'delete' | 'check';
  key: Row;
  item?: Row;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const keyOf = (item: Row): Row => ({ [PK]: item[PK]!, [SK]: item[SK]! });
const keyId = (table: string, key: Row) => `${table}\u0000${key[PK]}\u0000${key[SK]}`;

/** The item parts a write call touches, in order. */
function writeParts(op: string, input: Record<string, unknown>): WritePart[] {
  const table = String(input.TableName ?? '');
  switch (op) {
    case 'PutItem':
      return [{ table, kind: 'put', key: keyOf(input.Item as Row), item: input.Item as Row }];
    case 'UpdateItem':
      return [{ table, kind: 'update', key: input.Key as Row }];
    case 'DeleteItem':
      return [{ table, kind: 'delete', key: input.Key as Row }];
    case 'BatchWriteItem': {
      const parts: WritePart[] = [];
      const requests = input.RequestItems as Record<
        string,
        { PutRequest?: { Item: Row }; DeleteRequest?: { Key: Row } }[]
      >;
      for (const [name, list] of Object.entries(requests ?? {}))
        for (const r of list)
          parts.push(
            r.PutRequest
              ? { table: name, kind: 'put', key: keyOf(r.PutRequest.Item), item: r.PutRequest.Item }
              : { table: name, kind: 'delete', key: r.DeleteRequest!.Key },
          );
      return parts;
    }
    case 'TransactWriteItems': {
      type Part = { TableName: string; Item?: Row; Key?: Row };
      const items = input.TransactItems as { Put?: Part; Update?: Part; Delete?: Part; ConditionCheck?: Part }[];
      return (items ?? []).map((t) =>
        t.Put
          ? { table: t.Put.TableName, kind: 'put', key: keyOf(t.Put.Item!), item: t.Put.Item! }
          : t.Update
            ? { table: t.Update.TableName, kind: 'update', key: t.Update.Key! }
            : t.Delete
              ? { table: t.Delete.TableName, kind: 'delete', key: t.Delete.Key! }
              : { table: t.ConditionCheck!.TableName, kind: 'check', key: t.ConditionCheck!.Key! },
      );
    }
    default:
      return [];
  }
}

/**
 * The partition writes of one item write, by DynamoDB's rules: the table pays the larger of the
 * item's size before and after (a delete: before; a put: the item put); each index whose key the
 * item holds before or after pays a put of the projected item (all attributes here), a delete of
 * the old one, or both when the index key changed. A condition check costs one write unit.
 */
export function partWrites(
  part: { kind: WritePart['kind']; key: Row; item?: Row },
  before: Row | undefined,
  after: Row | undefined,
  transactional: boolean,
): KeyWrite[] {
  const pk = String(part.key[PK] ?? '');
  if (part.kind === 'check') return [{ index: 'table', key: pk, units: transactional ? 2 : 1, bytes: 0 }];
  const afterItem = part.kind === 'put' ? part.item : part.kind === 'delete' ? undefined : after;
  const beforeSize = before ? rowSize(before) : 0;
  const afterSize = afterItem ? rowSize(afterItem) : 0;
  const tableBytes = Math.max(beforeSize, afterSize);
  const writes: KeyWrite[] = [
    {
      index: 'table',
      key: pk,
      units: writeUnits(tableBytes, transactional),
      bytes: afterItem ? afterSize : beforeSize,
    },
  ];
  for (const index of INDEXES) {
    const oldKey = text(before?.[index.partitionKey]);
    const oldSort = text(before?.[index.sortKey]);
    const newKey = text(afterItem?.[index.partitionKey]);
    const newSort = text(afterItem?.[index.sortKey]);
    const oldIn = oldKey !== undefined && oldSort !== undefined;
    const newIn = newKey !== undefined && newSort !== undefined;
    if (oldIn && newIn && oldKey === newKey && oldSort === newSort) {
      writes.push({ index: index.name, key: newKey, units: writeUnits(tableBytes, transactional), bytes: afterSize });
      continue;
    }
    if (oldIn)
      writes.push({ index: index.name, key: oldKey, units: writeUnits(beforeSize, transactional), bytes: beforeSize });
    if (newIn)
      writes.push({ index: index.name, key: newKey, units: writeUnits(afterSize, transactional), bytes: afterSize });
  }
  return writes;
}

const sumLocal = (c: ConsumedCapacity | ConsumedCapacity[] | undefined): number | undefined => {
  if (!c) return undefined;
  const list = Array.isArray(c) ? c : [c];
  return list.reduce((sum, x) => sum + (x.CapacityUnits ?? 0), 0);
};

const WRITE_OPS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
const READ_OPS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

let enabled = false;
let calls: RecordedCall[] = [];
/** A row as the document client hands it back, in DynamoDB's attribute values again (for its size). */
export function attributeValues(row: Record<string, unknown>): Item {
  const out: Item = {};
  for (const [name, value] of Object.entries(row)) if (value !== undefined) out[name] = attributeValue(value);
  return out;
}

function attributeValue(value: unknown): AttributeValue {
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number' || typeof value === 'bigint') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value instanceof Uint8Array) return { B: value };
  if (Array.isArray(value)) return { L: value.map(attributeValue) };
  if (value instanceof Set) {
    const members = [...value];
    if (members.every((m) => typeof m === 'string')) return { SS: members };
    if (members.every((m) => typeof m === 'number' || typeof m === 'bigint')) return { NS: members.map(String) };
    return { BS: members as Uint8Array[] };
  }
  // NumberValue (a number kept as its digits) and plain objects.
  if (
    typeof value === 'object' &&
    'value' in value &&
    Object.keys(value).length === 1 &&
    typeof value.value === 'string'
  )
    return { N: value.value };
  return { M: attributeValues(value as Record<string, unknown>) };
}

/** Reads rows by key, consistently, through a client the recorder is not on (plain attribute values). */
type UnrecordedRead = (keys: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
let unrecordedRead: UnrecordedRead | undefined;

/** The recorder's own look at the written items, before and after a write: not recorded. */
async function peek(keysByTable: Map<string, Row[]>): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  if (!unrecordedRead) return found;
  for (const [table, list] of keysByTable) {
    const unique = [...new Map(list.map((k) => [keyId(table, k), { [PK]: k[PK], [SK]: k[SK] }])).values()];
    for (const row of await unrecordedRead(unique)) {
      found.set(keyId(table, keyOf(row)), row);
    }
  }
  return found;
}

function groupKeys(parts: WritePart[]): Map<string, Row[]> {
  const byTable = new Map<string, Row[]>();
  for (const p of parts) {
    if (p.kind === 'check') continue;
    byTable.set(p.table, [...(byTable.get(p.table) ?? []), p.key]);
  }
  return byTable;
}

function readCall(
  op: string,
  input: Record<string, unknown>,
  output: Record<string, unknown>,
): Omit<RecordedCall, 'op' | 'failed'> {
  const local = sumLocal(output.ConsumedCapacity as ConsumedCapacity | undefined);
  const index = typeof input.IndexName === 'string' ? input.IndexName : 'table';
  const base = { transactional: op === 'TransactGetItems', writes: [], localUnits: local };
  if (op === 'GetItem') {
    const item = output.Item as Row | undefined;
    return {
      ...base,
      table: String(input.TableName),
      readUnits: readUnits(item ? rowSize(item) : 0, { consistent: input.ConsistentRead === true }),
      itemsRead: item ? 1 : 0,
      readKeys: [`table:${(input.Key as Row)[PK]}`],
    };
  }
  if (op === 'BatchGetItem') {
    const requests = input.RequestItems as Record<string, { Keys: Row[]; ConsistentRead?: boolean }>;
    let units = 0;
    let items = 0;
    const readKeys: string[] = [];
    for (const [table, req] of Object.entries(requests ?? {})) {
      const rows = ((output.Responses as Record<string, Row[]> | undefined)?.[table] ?? []) as Row[];
      const unprocessed = ((output.UnprocessedKeys as Record<string, { Keys: Row[] }> | undefined)?.[table]?.Keys ?? [])
        .length;
      items += rows.length;
      // Each key asked is a read of its item; a missing item still costs the minimum.
      const missing = req.Keys.length - unprocessed - rows.length;
      units += rows.reduce((sum, r) => sum + readUnits(rowSize(r), { consistent: req.ConsistentRead === true }), 0);
      units += Math.max(0, missing) * readUnits(0, { consistent: req.ConsistentRead === true });
      readKeys.push(...req.Keys.map((k) => `table:${k[PK]}`));
    }
    return { ...base, table: Object.keys(requests ?? {})[0] ?? '', readUnits: units, itemsRead: items, readKeys };
  }
  if (op === 'TransactGetItems') {
    const parts = (input.TransactItems as { Get: { TableName: string; Key: Row } }[]) ?? [];
    const responses = (output.Responses as { Item?: Row }[] | undefined) ?? [];
    return {
      ...base,
      table: parts[0]?.Get.TableName ?? '',
      readUnits: responses.reduce(
        (sum, r) => sum + readUnits(r.Item ? rowSize(r.Item) : 0, { transactional: true }),
        0,
      ),
      itemsRead: responses.filter((r) => r.Item).length,
      readKeys: parts.map((p) => `table:${p.Get.Key[PK]}`),
    };
  }
  // Query and Scan are billed on every item evaluated, filtered out or not, which only the server
  // sees: its own figure is the one to use (DynamoDB Local counts them as DynamoDB does).
  const items = (output.Items as Row[] | undefined) ?? [];
  const values = input.ExpressionAttributeValues as Row | undefined;
  const keyName = index === 'table' ? PK : (INDEXES.find((i) => i.name === index)?.partitionKey ?? PK);
  const condition = String(input.KeyConditionExpression ?? '');
  const named = condition.match(new RegExp(`(?:#\\w+|${keyName})\\s*=\\s*(:\\w+)`));
  const keyValue = named ? values?.[named[1]!] : undefined;
  const fallback = readUnits(
    items.reduce((sum, r) => sum + rowSize(r), 0),
    { consistent: input.ConsistentRead === true },
  );
  return {
    ...base,
    table: String(input.TableName),
    readUnits: local ?? fallback,
    itemsRead: items.length,
    readKeys: op === 'Scan' ? [`${index}:*scan*`] : [`${index}:${keyValue ?? '?'}`],
  };
}

/**
 * Adds the recorder to `client`'s middleware stack (the document client shares it). It runs first,
 * on the rows as the document client holds them (their sizes come from attributeValues), asks DynamoDB for its own figures
 * (ReturnConsumedCapacity INDEXES), and for writes looks at each written item before and after
 * with a consistent read through `unrecorded` (a client without this middleware): UpdateItem and deletes do not carry the item, and DynamoDB
 * bills the larger of the two sizes. Concurrent writes to the same item can make a look see a
 * neighbour's write: a bench figure, not an invoice.
 */
let installed = false;

function addCapacityRecorder(client: DynamoDBClient, unrecorded: UnrecordedRead): void {
  unrecordedRead = unrecorded;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const op = String((context as { commandName?: string }).commandName ?? '').replace(/Command$/, '');
      if (!enabled || (!WRITE_OPS.has(op) && !READ_OPS.has(op))) return next(args);
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'INDEXES';
      if (READ_OPS.has(op)) {
        const res = await next(args);
        calls.push({ op, failed: false, ...readCall(op, input, res.output as unknown as Record<string, unknown>) });
        return res;
      }
      const parts = writeParts(op, input);
      const transactional = op === 'TransactWriteItems';
      const before = await peek(groupKeys(parts));
      let failed = false;
      let res: Awaited<ReturnType<typeof next>> | undefined;
      try {
        res = await next(args);
      } catch (e) {
        failed = true;
        throw e;
      } finally {
        const after = failed ? before : await peek(groupKeys(parts));
        const unprocessed = new Set<string>();
        const left = (
          res?.output as {
            UnprocessedItems?: Record<string, { PutRequest?: { Item: Row }; DeleteRequest?: { Key: Row } }[]>;
          }
        )?.UnprocessedItems;
        for (const [table, list] of Object.entries(left ?? {}))
          for (const r of list)
            unprocessed.add(keyId(table, r.PutRequest ? keyOf(r.PutRequest.Item) : r.DeleteRequest!.Key));
        const writes = failed
          ? // A refused single write is billed at least a unit for the item it looked at; a
            // cancelled transaction reports nothing, so it is counted at one unit per part.
            parts.map((p) => ({
              index: 'table',
              key: String(p.key[PK] ?? ''),
              units: transactional ? 1 : writeUnits(rowSize(before.get(keyId(p.table, p.key)) ?? {})),
              bytes: 0,
            }))
          : parts
              .filter((p) => !unprocessed.has(keyId(p.table, p.key)))
              .flatMap((p) =>
                partWrites(p, before.get(keyId(p.table, p.key)), after.get(keyId(p.table, p.key)), transactional),
              );
        calls.push({
          op,
          table: parts[0]?.table ?? '',
          transactional,
          failed,
          writes,
          readUnits: 0,
          itemsRead: 0,
          readKeys: [],
          localUnits: sumLocal(
            (res?.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] })?.ConsumedCapacity,
          ),
        });
      }
      return res!;
    },
    { step: 'initialize', name: 'capacityRecorder', priority: 'high' },
  );
}

/** The bench's switch: recording starts empty. */
export function startCapacityRecording(): void {
  if (!installed) {
    setDbClientHook(addCapacityRecorder);
    installed = true;
  }
  enabled = true;
  calls = [];
}

/** Stops recording and hands back what was recorded. */
export function stopCapacityRecording(): RecordedCall[] {
  enabled = false;
  const out = calls;
  calls = [];
  return out;
}
