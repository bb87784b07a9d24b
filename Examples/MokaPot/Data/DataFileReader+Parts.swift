extension DataFileReader {
  /// The entries of a data file read in `parts` parts at once, or nil when that cannot be trusted
  /// (the caller then reads the file from the start).
  ///
  /// Each part but the first starts where an entry seems to begin: a `{` after `}` and `,`. Such a
  /// guess may fall inside a string, so a part is kept only if the part before it, read from a
  /// start already trusted, ended its last entry and the `,` after it exactly there. A reader's
  /// whole state at an entry's start is its offset, so the parts then read what one reader would.
  /// Any error, or any part that overruns the next one's start, gives nil: the error a file holds
  /// is always the one a single reader reports.
  static func inParts<Entry: Sendable>(
    _ bytes: [UInt8], _ entry: @escaping @Sendable (inout DataFileReader) throws(DataFileError) -> Entry, parts: Int
  ) -> [Entry]? {
    var guessed = [0]
    for part in 1..<max(parts, 1) {
      guard let start = entryStart(in: bytes, from: bytes.count / parts * part), start > guessed[guessed.count - 1]
      else { break }
      guessed.append(start)
    }
    let starts = guessed
    @Sendable func read(_ part: Int) -> [Entry]? {
      let last = part + 1 == starts.count
      let end = last ? bytes.count : starts[part + 1]
      // (Each part but the first reads a copy of its own bytes: a string read as a slice of shared
      // bytes would make every core count references on one buffer, and the parts would run
      // slower than one reader. A part that runs past its bytes fails, as it would overrun.)
      guard part > 0 else { return try? Self.part(bytes, first: true, last: last, to: end, entry) }
      return try? Self.part(Array(bytes[starts[part]..<end]), first: false, last: last, to: end - starts[part], entry)
    }
    let others = starts.indices.dropFirst().map { part in InBackground { read(part) } }
    let entries = [read(0)] + others.map(\.value)
    guard entries.allSatisfy({ $0 != nil }) else { return nil }
    return entries.flatMap { $0 ?? [] }
  }

  /// The entries of `bytes` from the document's start (`first`) or an entry's start, up to `end`:
  /// where the next part starts, or (`last`) the document's end; nil when they do not end exactly
  /// there.
  private static func part<Entry>(
    _ bytes: [UInt8], first: Bool, last: Bool, to end: Int,
    _ entry: @Sendable (inout DataFileReader) throws(DataFileError) -> Entry
  ) throws(DataFileError) -> [Entry]? {
    var reader = first ? DataFileReader(bytes) : DataFileReader(bytes, entryAt: 0)
    var entries: [Entry] = []
    if first {
      try reader.open(UInt8(ascii: "["))
      guard try !reader.closes(UInt8(ascii: "]")) else { return nil }
    }
    while true {
      entries.append(try entry(&reader))
      guard try reader.separated(closing: UInt8(ascii: "]")) else {
        // The array's end: the document's, when nothing but white space follows, and the last part's.
        reader.skipSpace()
        return last && reader.index == bytes.count ? entries : nil
      }
      reader.skipSpace()
      if !last, reader.index >= end { return reader.index == end ? entries : nil }
    }
  }

  /// The offset of the first `{` at or after `offset` that follows `}` and `,` (white space
  /// allowed between them), or nil.
  static func entryStart(in bytes: [UInt8], from offset: Int) -> Int? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
    var index = max(offset, 0)
    while index < bytes.count {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "}") else { continue }
      var next = index + 1
      while next < bytes.count, isSpace(bytes[next]) { next += 1 }
      guard next < bytes.count, bytes[next] == UInt8(ascii: ",") else { continue }
      next += 1
      while next < bytes.count, isSpace(bytes[next]) { next += 1 }
      if next < bytes.count, bytes[next] == UInt8(ascii: "{") { return next }
    }
    return nil
  }
}
