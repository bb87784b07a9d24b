/// The tokens a pattern string may hold as they are, indexed by the characters they use,
/// computed once per vocabulary.
///
/// A *plain* token spells whole UTF-8 characters and no byte a JSON string must escape (no
/// quote, backslash or control character). At a pattern state whose run is exact (see
/// ``ByteDFA/exactRuns``), the plain tokens allowed are exactly those made of the run's
/// characters and no longer than it: the plain mask less the tokens that hold a byte outside the
/// run (one mask per ASCII byte), less those with a multi-byte character if the run has none,
/// less those that are too long. Only the few other tokens (a quote, an escape, part of a
/// character) are walked, in their own small trie.
struct PlainTokens: Sendable {
  /// Every plain token.
  let all: TokenMask
  /// For each ASCII byte a string may hold (``GuidanceState/plainStringBytes``), by the byte: the
  /// plain tokens holding it.
  let containing: [TokenMask?]
  /// Groups of ASCII bytes that runs tend to take or leave whole (``groupBytes``), with the plain tokens holding any byte of each.
  let groups: [(bytes: ByteSet, tokens: TokenMask)]
  /// The plain tokens holding a multi-byte character.
  let nonASCII: TokenMask
  /// `longer[n]`: the plain tokens of more than `n` characters, for `n` below ``longerLimit``.
  let longer: [TokenMask]
  /// The plain tokens of more than ``longerLimit`` characters, with their lengths, longest first.
  let long: [(id: Int32, characters: Int)]
  /// The trie of every other (non-empty) token.
  let others: TrieTables

  /// Lengths below this have a mask of the tokens longer than them; longer runs use ``long``.
  static let longerLimit = 16

  init(tokens: [[UInt8]]) {
    var all = TokenMask(count: tokens.count)
    var containing = [TokenMask?](repeating: nil, count: 128)
    for byte in GuidanceState.plainStringBytes { containing[Int(byte)] = TokenMask(count: tokens.count) }
    var nonASCII = TokenMask(count: tokens.count)
    var longer = [TokenMask](repeating: TokenMask(count: tokens.count), count: Self.longerLimit)
    var long: [(id: Int32, characters: Int)] = []
    var otherIDs: [Int32] = []
    var otherBytes: [[UInt8]] = []
    for (id, bytes) in tokens.enumerated() where !bytes.isEmpty {
      guard let characters = Self.characters(bytes) else {
        otherIDs.append(Int32(id))
        otherBytes.append(bytes)
        continue
      }
      all.insert(id)
      for byte in bytes {
        if byte < 0x80 { containing[Int(byte)]?.insert(id) } else { nonASCII.insert(id) }
      }
      for length in 0..<min(characters, Self.longerLimit) { longer[length].insert(id) }
      if characters > Self.longerLimit { long.append((Int32(id), characters)) }
    }
    self.all = all
    self.containing = containing
    self.nonASCII = nonASCII
    self.longer = longer
    self.long = long.sorted { $0.characters > $1.characters }
    groups = Self.groupBytes.map { bytes in
      var tokens = TokenMask(count: all.count)
      for byte in bytes { if let holding = containing[Int(byte)] { tokens.formUnion(holding) } }
      return (bytes, tokens)
    }
    others = TrieTables(ids: otherIDs, bytes: otherBytes)
  }

  /// Digits, capitals, small letters, the space, and the other bytes a string holds as they are.
  static let groupBytes: [ByteSet] = {
    let named = [
      ByteSet(UInt8(ascii: "0")...UInt8(ascii: "9")), ByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z")),
      ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z")), ByteSet([UInt8(ascii: " ")]),
    ]
    return named + [named.reduce(GuidanceState.plainStringBytes) { $0.subtracting($1) }]
  }()

  /// The number of characters `bytes` spell if the token is plain, else nil.
  static func characters(_ bytes: [UInt8]) -> Int? {
    var point = 0
    var characters = 0
    for byte in bytes {
      if byte < 0x80, !GuidanceState.plainStringBytes.contains(byte) { return nil }
      point = UTF8Shape.step(point, byte)
      guard point >= 0 else { return nil }
      if point == 0 { characters += 1 }
    }
    return point == 0 ? characters : nil
  }

  /// The plain tokens made of `run`'s characters alone, at most `run.length` of them: every
  /// plain token less those holding a character the run lacks, a group of bytes at a time
  /// where the run lacks the whole group.
  func tokens(of run: CharacterRun) -> TokenMask {
    var mask = all
    if !run.multibyte { mask.subtract(nonASCII) }
    for group in groups {
      let left = group.bytes.filter { !run.contains($0) }
      if left.count == group.bytes.count {
        mask.subtract(group.tokens)
        continue
      }
      for byte in left { if let tokens = containing[Int(byte)] { mask.subtract(tokens) } }
    }
    trim(&mask, toCharacters: Int(run.length))
    return mask
  }

  /// Removes the tokens of more than `length` characters (none for an unbounded run).
  func trim(_ mask: inout TokenMask, toCharacters length: Int) {
    guard length != Int(CharacterRun.unbounded) else { return }
    if length < Self.longerLimit {
      mask.subtract(longer[length])
      return
    }
    for (id, characters) in long {
      guard characters > length else { break }
      mask.remove(Int(id))
    }
  }

  /// The memory the masks and the trie take, in bytes.
  var byteCount: Int {
    let masks = [all, nonASCII] + longer + containing.compactMap { $0 } + groups.map(\.tokens)
    return masks.reduce(0) { $0 + $1.byteCount } + long.count * 16 + others.byteCount
  }
}
