/// Splits text into the words BPE merges within, as llama.cpp's pre-tokenizers do.
///
/// The GPT-2 rule is `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`;
/// the `smollm` (and `starcoder`, `refact`, …) pre-tokenizer first isolates every number
/// character, then applies the GPT-2 rule to each remaining run.
struct PreTokenizer: Sendable {
  enum Kind: Sendable { case gpt2, digitsThenGPT2 }
  let kind: Kind

  init(name: String?) {
    switch name {
    case "smollm", "starcoder", "refact", "command-r", "codeshell", "exaone", "minerva": kind = .digitsThenGPT2
    default: kind = .gpt2
    }
  }

  /// The words of `scalars`, as ranges.
  func split(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
    let flags = scalars.map(CharacterClass.init)
    switch kind {
    case .gpt2:
      return Self.gpt2(scalars, flags, 0..<scalars.count)
    case .digitsThenGPT2:
      var result: [Range<Int>] = []
      var start = 0
      for index in scalars.indices where flags[index] == .number {
        if start < index { result += Self.gpt2(scalars, flags, start..<index) }
        result.append(index..<index + 1)
        start = index + 1
      }
      if start < scalars.count { result += Self.gpt2(scalars, flags, start..<scalars.count) }
      return result
    }
  }

  enum CharacterClass: Equatable {
    case letter, number, whitespace, other, undefined

    init(_ scalar: Unicode.Scalar) {
      if scalar.properties.isWhitespace {
        self = .whitespace
        return
      }
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: self = .letter
      case .decimalNumber, .letterNumber, .otherNumber: self = .number
      case .unassigned: self = .undefined
      default: self = .other
      }
    }
  }

  /// llama.cpp's hand-written GPT-2 splitter over `range`.
  private static func gpt2(_ text: [Unicode.Scalar], _ flags: [CharacterClass], _ range: Range<Int>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    let end = range.upperBound
    func scalar(_ index: Int) -> Unicode.Scalar? { index < end ? text[index] : nil }
    func flag(_ index: Int) -> CharacterClass? { index < end ? flags[index] : nil }
    var position = range.lowerBound
    while position < end {
      let start = position
      let current = text[position]
      if current == "'", let next = scalar(position + 1) {
        if "stmd".unicodeScalars.contains(next) {
          result.append(start..<position + 2)
          position += 2
          continue
        }
        if let after = scalar(position + 2),
          (next == "r" && after == "e") || (next == "v" && after == "e") || (next == "l" && after == "l")
        {
          result.append(start..<position + 3)
          position += 3
          continue
        }
      }
      let lead = current == " " ? flag(position + 1) : flags[position]
      if lead == .letter || lead == .number {
        if current == " " { position += 1 }
        while flag(position) == lead { position += 1 }
        result.append(start..<position)
        continue
      }
      if lead == .other {
        if current == " " { position += 1 }
        while flag(position) == .other { position += 1 }
        result.append(start..<position)
        continue
      }
      var spaces = 0
      while flag(position + spaces) == .whitespace { spaces += 1 }
      if spaces > 1, position + spaces < end {
        position += spaces - 1
        result.append(start..<position)
        continue
      }
      if spaces > 0 {
        position += spaces
        result.append(start..<position)
        continue
      }
      position += 1
      result.append(start..<position)
    }
    return result
  }
}
