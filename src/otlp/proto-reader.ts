/** Thrown for bytes that are not a well-formed protobuf message. */
export class ProtoDecodeError extends Error {
  override readonly name = 'ProtoDecodeError';
}

/** Protobuf wire types the OTLP messages use (groups, 3 and 4, are not used by OTLP). */
export const WIRE = { varint: 0, i64: 1, len: 2, i32: 5 } as const;

/**
 * A minimal protobuf wire-format reader over one message: enough to decode OTLP trace requests
 * without a protobuf runtime. Fields are read in a loop of `next()` until it returns undefined.
 */
export class ProtoReader {
  private pos: number;
  private readonly view: DataView;

  constructor(
    private readonly buf: Uint8Array,
    start = 0,
    private readonly end = buf.length,
  ) {
    this.pos = start;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** The next field's number and wire type, or undefined at the end of the message. */
  next(): { field: number; wire: number } | undefined {
    if (this.pos >= this.end) return undefined;
    const tag = this.varint();
    const field = Number(tag >> 3n);
    if (field === 0) throw new ProtoDecodeError('field number 0');
    return { field, wire: Number(tag & 7n) };
  }

  varint(): bigint {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= this.end) throw new ProtoDecodeError('truncated varint');
      const byte = this.buf[this.pos++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
    throw new ProtoDecodeError('varint longer than 10 bytes');
  }

  /** A length-delimited field: a reader over its bytes (for a nested message). */
  message(): ProtoReader {
    const { start, end } = this.span();
    return new ProtoReader(this.buf, start, end);
  }

  bytes(): Uint8Array {
    const { start, end } = this.span();
    return this.buf.subarray(start, end);
  }

  string(): string {
    return new TextDecoder().decode(this.bytes());
  }

  fixed64(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }

  double(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  skip(wire: number): void {
    if (wire === WIRE.varint) this.varint();
    else if (wire === WIRE.i64) this.advance(8);
    else if (wire === WIRE.len) this.span();
    else if (wire === WIRE.i32) this.advance(4);
    else throw new ProtoDecodeError(`unsupported wire type ${wire}`);
  }

  private span(): { start: number; end: number } {
    const length = Number(this.varint());
    this.need(length);
    const start = this.pos;
    this.pos += length;
    return { start, end: this.pos };
  }

  private advance(n: number): void {
    this.need(n);
    this.pos += n;
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new ProtoDecodeError('truncated field');
  }
}
