/// What a vocabulary's tokens do inside a free JSON string, computed once per vocabulary.
///
/// Most masks are asked for inside a free string, where almost every token is allowed. From a
/// given point of a string body (between characters, after a backslash, inside a `\u` escape,
/// inside a multi-byte character: 13 points in all), a token either stays inside the string
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

  init(tokens: [[UInt8]]) {
    points = Self.reachablePoints()
    var inside: [TokenMask] = []
    var closing: [TrieTables] = []
    for point in points {
      var mask = TokenMask(count: tokens.count)
      var ids: [Int32] = []
      var suffixes: [[UInt8]] = []
      for (id, token) in tokens.enumerated() where !token.isEmpty {
        var progress = point
        var position = 0
        scan: while position < token.count {
          switch GuidanceStepper.advanceFreeString(progress, token[position]) {
          case .refused: break scan
          case .closed where position + 1 == token.count:
            mask.insert(id)
            break scan
          case .closed:
            ids.append(Int32(id))
            suffixes.append(Array(token[(position + 1)...]))
            break scan
          case .inside(let next):
            progress = next
            position += 1
          }
        }
        if position == token.count { mask.insert(id) }
      }
      inside.append(mask)
      closing.append(TrieTables(ids: ids, bytes: suffixes))
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
