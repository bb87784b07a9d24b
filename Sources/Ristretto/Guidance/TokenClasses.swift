/// What a vocabulary's tokens do inside a free JSON string, computed once per vocabulary.
///
/// Most masks are asked for inside a free string, where almost every token is allowed. From a
/// given point of a string body (between characters, after a backslash, inside a `\u` escape,
/// inside a multi-byte character: 14 points in all), a token either stays inside the string
/// (or ends with its closing quote), or closes the string with its first unescaped quote and
/// hands the rest to whatever encloses the string, or is refused. The first kind is allowed
/// whatever encloses the string, so its mask is a copy of ``inside``; the second depends on
/// what follows the quote, and ``closing`` holds those suffixes (after the quote) in a trie
/// small enough to walk, from the enclosing thread, for every mask.
struct TokenClasses: Sendable {
  /// The points of a free string body, ``StringProgress`` values with no pattern.
  let points: [StringProgress]
  /// For each point: the tokens the string body accepts whole, up to its closing quote at most.
  let inside: [TokenMask]
  /// For each point: the tokens with bytes after the string's closing quote, by those bytes.
  let closing: [TrieTables]

  /// Classifies `tokens` by walking their trie from each point.
  init(tokens: [[UInt8]], trie: TrieTables) {
    points = Self.reachablePoints()
    var inside: [TokenMask] = []
    var closing: [TrieTables] = []
    for point in points {
      var walk = ClassWalk(tokens: tokens, trie: trie)
      walk.walk(node: 0, progress: point, depth: 0)
      inside.append(walk.inside)
      closing.append(TrieTables(ids: walk.closingIDs, bytes: walk.suffixes))
    }
    self.inside = inside
    self.closing = closing
  }

  /// The index of `progress` among ``points``, if it is a free string's.
  func index(of progress: StringProgress) -> Int? {
    guard progress.pattern < 0 else { return nil }
    return points.firstIndex(of: progress)
  }

  /// The memory the classes take, in bytes.
  var byteCount: Int {
    inside.reduce(0) { $0 + $1.byteCount } + closing.reduce(0) { $0 + $1.byteCount }
  }

  /// Every point a free string body can reach from its start.
  private static func reachablePoints() -> [StringProgress] {
    var points = [StringProgress(pattern: -1)]
    var index = 0
    while index < points.count {
      for byte in 0...255 {
        if case .inside(let next) = GuidanceStepper.advanceFreeString(points[index], UInt8(byte)), !points.contains(next) {
          points.append(next)
        }
      }
      index += 1
    }
    return points
  }
}

/// One point's classes, by a walk of the vocabulary trie with the free-string rules.
private struct ClassWalk {
  let tokens: [[UInt8]]
  let trie: TrieTables
  var inside: TokenMask
  var closingIDs: [Int32] = []
  var suffixes: [[UInt8]] = []

  init(tokens: [[UInt8]], trie: TrieTables) {
    self.tokens = tokens
    self.trie = trie
    inside = TokenMask(count: tokens.count)
  }

  /// Below `node` (`depth` bytes down), with the string at `progress`.
  mutating func walk(node: Int, progress: StringProgress, depth: Int) {
    var child = node + 1
    while child < Int(trie.nodes[node].subtreeEnd) {
      defer { child = Int(trie.nodes[child].subtreeEnd) }
      switch GuidanceStepper.advanceFreeString(progress, trie.nodes[child].byte) {
      case .refused: continue
      case .inside(let next):
        insertTokens(of: child)
        if trie.nodes[child].childCount > 0 { walk(node: child, progress: next, depth: depth + 1) }
      case .closed:
        insertTokens(of: child)
        collectSuffixes(below: child, after: depth + 1)
      }
    }
  }

  private mutating func insertTokens(of node: Int) {
    for index in trie.tokens(of: node) { inside.insert(Int(trie.tokenIDs[index])) }
  }

  /// Every token below `node` (not ending at it), with its bytes from `offset` on.
  private mutating func collectSuffixes(below node: Int, after offset: Int) {
    for child in trie.children(of: node) {
      for index in trie.tokens(of: child) {
        let id = trie.tokenIDs[index]
        closingIDs.append(id)
        suffixes.append(Array(tokens[Int(id)][offset...]))
      }
      collectSuffixes(below: child, after: offset)
    }
  }
}
