import Foundation
import MokaPot
import Ristretto

/// A vocabulary the guidance suite measures masks on: each token's bytes (empty for control
/// tokens, as the llama backend builds them) and a way to turn sample text into token ids.
struct GuidanceVocabulary {
  var name: String
  var tokens: [[UInt8]]
  var encode: (String) -> [Int]
  /// The GGUF file the vocabulary came from (nil for the fixture).
  var path: String? = nil

  /// SmolLM2's tokenizer from the fixture (no model file needed).
  static func smolLM2Fixture() throws -> GuidanceVocabulary {
    let tokenizer = try MokaAssistant.smolLM2Tokenizer()
    return GuidanceVocabulary(name: "SmolLM2 (fixture)", tokens: tokenizer.vocabularyBytes) {
      tokenizer.encode($0, parseSpecial: false)
    }
  }

  /// Every GGUF model named by `--model` or by `$RISTRETTO_GEMMA_MODEL` / `$RISTRETTO_MODEL`.
  static func models(_ options: BenchOptions) throws -> [GuidanceVocabulary] {
    let environment = ProcessInfo.processInfo.environment
    var paths: [String] = []
    for path in options.modelPaths + [environment["RISTRETTO_GEMMA_MODEL"], environment["RISTRETTO_MODEL"]].compactMap(\.self)
    where !paths.contains(path) {
      paths.append(path)
    }
    return try paths.map(gguf)
  }

  /// The vocabulary of the GGUF file at `path`, read from its metadata.
  static func gguf(_ path: String) throws -> GuidanceVocabulary {
    let metadata = try GGUFMetadata(contentsOf: URL(fileURLWithPath: path))
    let data = try TokenizerData(gguf: metadata)
    let name = metadata.string("general.name") ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let types = data.types ?? []
    func isControl(_ id: Int) -> Bool { id < types.count && types[id] == 3 }
    if data.model == "gpt2" {
      let tokenizer = try BPETokenizer(data: data)
      let tokens = tokenizer.vocabularyBytes.enumerated().map { isControl($0.offset) ? [] : $0.element }
      return GuidanceVocabulary(name: name, tokens: tokens, encode: { tokenizer.encode($0, parseSpecial: false) }, path: path)
    }
    // SentencePiece: "▁" is a space, "<0xAB>" byte tokens are that byte. Text is split by
    // greedy longest match, close enough to the real tokenizer for timing masks.
    let tokens = data.tokens.enumerated().map { id, text -> [UInt8] in
      if isControl(id) { return [] }
      if id < types.count, types[id] == 6, text.count == 6, text.hasPrefix("<0x"),
        let byte = UInt8(text.dropFirst(3).prefix(2), radix: 16)
      {
        return [byte]
      }
      return Array(text.replacingOccurrences(of: "\u{2581}", with: " ").utf8)
    }
    let matcher = LongestMatch(tokens: tokens)
    return GuidanceVocabulary(name: name, tokens: tokens, encode: { matcher.encode(Array($0.utf8)) }, path: path)
  }
}

/// Greedy longest-match tokenization over a vocabulary's bytes.
struct LongestMatch {
  private var ids: [[UInt8]: Int] = [:]
  private var longest = 0

  init(tokens: [[UInt8]]) {
    for (id, bytes) in tokens.enumerated() where !bytes.isEmpty && ids[bytes] == nil {
      ids[bytes] = id
      longest = max(longest, bytes.count)
    }
  }

  func encode(_ bytes: [UInt8]) -> [Int] {
    var result: [Int] = []
    var start = 0
    while start < bytes.count {
      var length = min(longest, bytes.count - start)
      while length > 0, ids[Array(bytes[start..<start + length])] == nil { length -= 1 }
      guard length > 0 else {
        start += 1
        continue
      }
      result.append(ids[Array(bytes[start..<start + length])]!)
      start += length
    }
    return result
  }
}
