extension GuidanceStepper {
  /// The bytes `thread` may accept next: every byte ``step(_:_:_:)`` accepts is in the set (a
  /// few it refuses may be too). Read from the top frames and tables, without stepping, so a
  /// mask walk tries only the children of a trie node that can follow.
  func nextBytes(_ thread: [GuidanceFrame]) -> ByteSet {
    var result = ByteSet()
    var index = thread.count - 1
    while index >= 0 {
      switch thread[index] {
      case .value(let node):
        result.formUnion(grammar.startBytes[Int(node)])
      case .literal(let set, let low, let high, let position):
        result.formUnion(literalBytes(set, low, high, position))
      case .objectKey(let node, let position, let low, let high, let offset):
        guard case .object(let keySets, _) = grammar.nodes[Int(node)] else { return result }
        result.formUnion(literalBytes(keySets[Int(position)], low, high, offset))
      case .arrayOpen(let node):
        result.insert(UInt8(ascii: "]"))
        if case .array(let element, _, _) = grammar.nodes[Int(node)] { result.formUnion(grammar.startBytes[Int(element)]) }
      case .arrayNext:
        result.formUnion(Self.arrayNextBytes)
      case .string(let progress):
        result.formUnion(stringBytes(progress))
      case .number(let node, let progress):
        result.formUnion(Self.numberBytes)
        // A number that may end hands the byte to the frame below it.
        if numberCanEnd(node, progress) {
          index -= 1
          continue
        }
      case .anyObject(_, let phase):
        switch phase {
        case 0: result.formUnion(Self.anyObjectOpenBytes)
        case 1: result.insert(UInt8(ascii: ":"))
        case 2: result.formUnion(Self.anyObjectNextBytes)
        default: result.insert(UInt8(ascii: "\""))
        }
      case .anyArray(let node, let phase):
        result.insert(UInt8(ascii: "]"))
        if phase == 0 { result.formUnion(grammar.startBytes[Int(node)]) } else { result.insert(UInt8(ascii: ",")) }
      }
      return result
    }
    return result
  }

  /// The bytes at `position` of the candidates `low..<high` of a literal set (sorted, so equal
  /// bytes are adjacent and one binary search skips each run).
  private func literalBytes(_ set: Int32, _ low: Int32, _ high: Int32, _ position: Int32) -> ByteSet {
    let candidates = grammar.literals[Int(set)].candidates
    let index = Int(position)
    var result = ByteSet()
    var cursor = Int(low)
    while cursor < Int(high) {
      let candidate = candidates[cursor]
      guard candidate.count > index else {
        cursor += 1
        continue
      }
      let byte = candidate[index]
      result.insert(byte)
      // Skip past the candidates with this byte here.
      var lower = cursor + 1
      var upper = Int(high)
      while lower < upper {
        let middle = (lower + upper) / 2
        if candidates[middle].count > index && candidates[middle][index] <= byte { lower = middle + 1 } else { upper = middle }
      }
      cursor = lower
    }
    return result
  }

  /// The bytes a string body may accept next (exact).
  func stringBytes(_ progress: StringProgress) -> ByteSet {
    if progress.pattern >= 0 {
      let automaton = grammar.patterns[Int(progress.pattern)]
      var result = automaton.stateBytes[Int(progress.run)]
      if automaton.accepts(progress.run) { result.insert(UInt8(ascii: "\"")) }
      return result
    }
    if progress.escape == 1 { return Self.escapeBytes }
    if progress.escape == 6 { return Self.digitsBelowEight }
    if progress.escape >= 2 { return Self.hexBytes }
    if progress.pending > 0 { return ByteSet(progress.nextLow...progress.nextHigh) }
    return Self.stringBodyBytes
  }

  private static let arrayNextBytes = ByteSet(Array(",]".utf8))
  private static let numberBytes = ByteSet(Array("-.".utf8)).union(.digits)
  private static let anyObjectOpenBytes = ByteSet(Array("}\"".utf8))
  private static let anyObjectNextBytes = ByteSet(Array("},".utf8))
  private static let escapeBytes = ByteSet(Array("\"\\/bfnrtu".utf8))
  private static let hexBytes = ByteSet(Array("0123456789ABCDEFabcdef".utf8))
  private static let digitsBelowEight = ByteSet(Array("01234567".utf8))
  /// Printable ASCII (quote and backslash included: they close and escape) and UTF-8 lead bytes.
  private static let stringBodyBytes = ByteSet(0x20...0x7F).union(ByteSet(0xC2...0xF4))
}
