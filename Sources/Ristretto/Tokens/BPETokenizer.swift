import Foundation

/// A byte-level BPE tokenizer built from GGUF metadata, matching llama.cpp's `llama_tokenize`
/// (checked against it on SmolLM2 with a golden file of over a thousand strings).
///
/// Text is plain text by default; special tokens named in the text (`<|im_start|>`) are read as
/// single tokens only with `parseSpecial: true`, as llama.cpp does with `parse_special`.
///
/// ```swift
/// let tokenizer = try BPETokenizer(gguf: GGUFMetadata(contentsOf: modelURL))
/// tokenizer.count("Why is my moka pot sputtering?") // 9
/// ```
public final class BPETokenizer: Tokenizer {
  /// The data the tokenizer was built from.
  public let data: TokenizerData
  private let merges: [UInt64: (rank: Int32, result: Int32)]
  private let byteTokens: [Int32]
  private let tokenBytes: [[UInt8]]
  private let specialTokens: [(text: [Unicode.Scalar], id: Int, userDefined: Bool)]
  private let specialFirstScalars: Set<Unicode.Scalar>
  private let preTokenizer: PreTokenizer
  private let cache = LockedValue<[String: [Int32]]>([:])
  private let counts = TokenCountMemo()

  /// Builds the tokenizer from extracted tokenizer data.
  /// - Throws: ``GGUFError/missingTokenizer(_:)`` for a model other than byte-level BPE.
  public init(data: TokenizerData) throws(GGUFError) {
    guard data.model == "gpt2" else {
      throw .missingTokenizer("tokenizer model '\(data.model)' is not supported (only gpt2 byte-level BPE)")
    }
    self.data = data
    let ids = TokenTextTable(data.tokens)
    let encode = ByteLevel.tables.encode
    let decode = ByteLevel.decodeByScalar
    byteTokens = (0..<256).map { byte in Int32(ids.id(of: String(encode[byte]).utf8) ?? -1) }
    // Types may be fewer or more than tokens (a hand-made or corrupt file): a token without one is normal.
    let types = data.types ?? []
    tokenBytes = data.tokens.enumerated().map { id, token in
      let type = id < types.count ? types[id] : 1
      if type == 3 || type == 4 { return Array(token.utf8) }
      return token.unicodeScalars.map { scalar in
        let value = Int(scalar.value)
        return value < decode.count ? decode[value] : 0x3F
      }
    }
    var table: [UInt64: (rank: Int32, result: Int32)] = [:]
    table.reserveCapacity(data.merges.count)
    for (rank, merge) in data.merges.enumerated() {
      // The two halves are split at the first space after the first byte, as llama.cpp does.
      var text = merge
      let pair = text.withUTF8 { text -> (Int, Int, Int)? in
        guard text.count > 1, let space = text[1...].firstIndex(of: 0x20) else { return nil }
        let left = UnsafeBufferPointer(rebasing: text[..<space])
        let right = UnsafeBufferPointer(rebasing: text[(space + 1)...])
        guard let l = ids.id(of: left), let r = ids.id(of: right), let result = ids.id(of: left, right) else { return nil }
        return (l, r, result)
      }
      guard let (l, r, result) = pair else { continue }
      let key = UInt64(UInt32(l)) << 32 | UInt64(UInt32(r))
      if table[key] == nil { table[key] = (Int32(rank), Int32(result)) }
    }
    merges = table
    maximumTokenBytes = tokenBytes.map(\.count).max()
    var specials: [([Unicode.Scalar], Int, Bool)] = []
    for (id, type) in types.prefix(data.tokens.count).enumerated() where (type == 3 || type == 4) && !data.tokens[id].isEmpty {
      specials.append((Array(data.tokens[id].unicodeScalars), id, type == 4))
    }
    specialTokens = specials.sorted { $0.0.count > $1.0.count }
    specialFirstScalars = Set(specials.compactMap(\.0.first))
    preTokenizer = PreTokenizer(name: data.pre)
  }

  /// Reads the tokenizer of a GGUF file.
  public convenience init(gguf metadata: GGUFMetadata) throws(GGUFError) {
    try self.init(data: TokenizerData(gguf: metadata))
  }

  /// The number of tokens in the vocabulary.
  public var vocabularySize: Int { data.tokens.count }

  /// The longest token's bytes (SmolLM2: 81, a newline and 80 spaces).
  public let maximumTokenBytes: Int?

  /// At least one token per ``maximumTokenBytes`` bytes, counting only bytes that have a token:
  /// the others are dropped (SmolLM2 has no token for 0x04, 0x06, 0x13, 0x14, 0x16, 0x1D and
  /// the lead bytes 0xF1 and 0xF2, among others).
  public func minimumTokenCount(_ text: String) -> Int {
    guard let longest = maximumTokenBytes, longest > 0 else { return 0 }
    let covered = text.utf8.reduce(0) { $0 + (byteTokens[Int($1)] >= 0 ? 1 : 0) }
    return (covered + longest - 1) / longest
  }

  /// Each token's bytes (special tokens as their text), for building a ``TokenTrie``.
  public var vocabularyBytes: [[UInt8]] { tokenBytes }

  /// The token ids of `text`. With `parseSpecial` false only user-defined tokens are matched as
  /// a unit and control-token markers are tokenized as plain text (llama.cpp's `parse_special`).
  public func encode(_ text: String, parseSpecial: Bool) -> [Int] {
    var output: [Int] = []
    let scalars = Array(text.unicodeScalars)
    var start = 0
    var index = 0
    while index < scalars.count {
      if let special = special(at: index, in: scalars, parseSpecial: parseSpecial) {
        encodeOrdinary(scalars[start..<index], into: &output)
        output.append(special.id)
        index += special.text.count
        start = index
      } else {
        index += 1
      }
    }
    encodeOrdinary(scalars[start..<scalars.count], into: &output)
    return output
  }

  /// The length of ``encode(_:parseSpecial:)``; long texts counted before are remembered
  /// (a bounded table), so a conversation's instructions and history are tokenized once.
  public func count(_ text: String, parseSpecial: Bool) -> Int {
    counts.count(text, parseSpecial: parseSpecial) { encode(text, parseSpecial: parseSpecial).count }
  }

  /// The text of `tokens`; bytes that do not form valid UTF-8 are replaced.
  public func decode(_ tokens: [Int]) -> String {
    String(decoding: tokens.flatMap { $0 >= 0 && $0 < tokenBytes.count ? tokenBytes[$0] : [] }, as: UTF8.self)
  }

  /// The texts of the control and user-defined tokens.
  public var specialTokenTexts: [String] { specialTokens.map { String(String.UnicodeScalarView($0.text)) } }

  /// The bytes of one token.
  public func bytes(of token: Int) -> [UInt8] { token >= 0 && token < tokenBytes.count ? tokenBytes[token] : [] }

  private func special(at index: Int, in scalars: [Unicode.Scalar], parseSpecial: Bool) -> (
    text: [Unicode.Scalar], id: Int, userDefined: Bool
  )? {
    guard specialFirstScalars.contains(scalars[index]) else { return nil }
    return specialTokens.first { candidate in
      (parseSpecial || candidate.userDefined) && index + candidate.text.count <= scalars.count
        && scalars[index..<index + candidate.text.count].elementsEqual(candidate.text)
    }
  }

  private func encodeOrdinary(_ scalars: ArraySlice<Unicode.Scalar>, into output: inout [Int]) {
    guard !scalars.isEmpty else { return }
    let text = Array(scalars)
    for word in preTokenizer.split(text) {
      var key = ""
      key.unicodeScalars.append(contentsOf: text[word])
      if let cached = cache.withLock({ $0[key] }) {
        output.append(contentsOf: cached.lazy.map(Int.init))
        continue
      }
      let ids = merge(Array(key.utf8))
      cache.withLock { storage in
        if storage.count > 50_000 { storage.removeAll(keepingCapacity: true) }
        storage[key] = ids
      }
      output.append(contentsOf: ids.lazy.map(Int.init))
    }
  }

  /// Applies the merges to one word's bytes, lowest rank first (leftmost on ties). Bytes without
  /// a token (SmolLM2 has 21) block merges and are then dropped, as llama.cpp does.
  private func merge(_ bytes: [UInt8]) -> [Int32] {
    BPEMerge.merge(bytes.map { byteTokens[Int($0)] }, merges: merges)
  }
}

/// GPT-2's reversible map between bytes and printable Unicode characters.
enum ByteLevel {
  static let tables: (encode: [Unicode.Scalar], decode: [Unicode.Scalar: UInt8]) = {
    var printable = Array(0x21...0x7E) + Array(0xA1...0xAC) + Array(0xAE...0xFF)
    var codes = printable
    var extra = 0
    for byte in 0..<256 where !printable.contains(byte) {
      printable.append(byte)
      codes.append(256 + extra)
      extra += 1
    }
    var encode = [Unicode.Scalar](repeating: " ", count: 256)
    var decode: [Unicode.Scalar: UInt8] = [:]
    for (byte, code) in zip(printable, codes) {
      let scalar = Unicode.Scalar(UInt32(code))!
      encode[byte] = scalar
      decode[scalar] = UInt8(byte)
    }
    return (encode, decode)
  }()

  /// ``tables``' decode as an array indexed by scalar value (`0x3F`, "?", where no byte maps).
  static let decodeByScalar: [UInt8] = {
    var table = [UInt8](repeating: 0x3F, count: 512)
    for (scalar, byte) in tables.decode { table[Int(scalar.value)] = byte }
    return table
  }()
}
