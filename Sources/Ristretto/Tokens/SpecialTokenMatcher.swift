import Foundation

/// Finds special tokens in text as llama.cpp's `tokenizer_st_partition` does: token by token,
/// longest first, each taking its leftmost non-overlapping occurrences in the text that earlier
/// tokens left.
///
/// Done directly that is one scan of the text per special token (Gemma has 6,414). Instead a
/// trie finds, at each position, the longest special token there; candidates are then taken in
/// llama.cpp's order (by rank, then position) from a priority queue. A candidate is free when
/// neither its first nor its last byte was taken: whatever was taken before is at least as long,
/// so it cannot lie strictly inside. A position already taken is dropped (so are the shorter
/// tokens there); one whose end was taken falls back to the next shorter token at that position.
struct SpecialTokenMatcher: Sendable {
  /// Token ids by rank: longest text first, then lowest id (llama.cpp's order, whose ties are
  /// unspecified; they only matter for two same-length tokens that overlap, which Gemma lacks).
  let ids: [Int32]
  /// Whether the token at a rank is a control or unknown token (matched only with parseSpecial).
  let controlled: [Bool]
  private let lengths: [Int32]
  private let nodes: [Int32]
  private let firstBytes: [Bool]
  private let edgeStart: [Int32]
  private let edgeBytes: [UInt8]
  private let edgeTargets: [Int32]
  /// Per mode (with and without parseSpecial): the rank a trie node ends, or -1.
  private let terminal: (any: [Int32], plain: [Int32])
  /// Per mode: the nearest ancestor node that ends a token, or -1.
  private let shorter: (any: [Int32], plain: [Int32])

  init(tokens: [(id: Int32, controlled: Bool)], vocabulary: PieceTable) {
    let texts = tokens.map { vocabulary.text(of: Int($0.id)) }
    let order = tokens.indices.sorted {
      texts[$0].count != texts[$1].count ? texts[$0].count > texts[$1].count : tokens[$0].id < tokens[$1].id
    }
    ids = order.map { tokens[$0].id }
    controlled = order.map { tokens[$0].controlled }
    lengths = order.map { Int32(texts[$0].count) }
    var children: [[(byte: UInt8, node: Int32)]] = [[]]
    var parent: [Int32] = [-1]
    var any: [Int32] = [-1]
    var plain: [Int32] = [-1]
    var nodes: [Int32] = []
    var first = [Bool](repeating: false, count: 256)
    for (rank, index) in order.enumerated() {
      var node = 0
      for byte in texts[index] {
        if let next = children[node].first(where: { $0.byte == byte }) {
          node = Int(next.node)
        } else {
          children[node].append((byte, Int32(children.count)))
          parent.append(Int32(node))
          node = children.count
          children.append([])
          any.append(-1)
          plain.append(-1)
        }
      }
      nodes.append(Int32(node))
      guard node > 0 else { continue }
      first[Int(texts[index][0])] = true
      if any[node] < 0 { any[node] = Int32(rank) }
      if plain[node] < 0 && !tokens[index].controlled { plain[node] = Int32(rank) }
    }
    // Parents come before their children, so one pass in node order finds the nearest ends.
    func nearestEnds(_ ends: [Int32]) -> [Int32] {
      var result = [Int32](repeating: -1, count: ends.count)
      for node in 1..<max(ends.count, 1) {
        let up = Int(parent[node])
        result[node] = up > 0 && ends[up] >= 0 ? Int32(up) : up > 0 ? result[up] : -1
      }
      return result
    }
    var start: [Int32] = [0]
    var bytes: [UInt8] = []
    var targets: [Int32] = []
    for edges in children {
      for edge in edges.sorted(by: { $0.byte < $1.byte }) {
        bytes.append(edge.byte)
        targets.append(edge.node)
      }
      start.append(Int32(bytes.count))
    }
    self.nodes = nodes
    firstBytes = first
    edgeStart = start
    edgeBytes = bytes
    edgeTargets = targets
    terminal = (any, plain)
    shorter = (nearestEnds(any), nearestEnds(plain))
  }

  /// The special tokens llama.cpp cuts out of `text`, in text order, as byte ranges.
  func matches(in text: UnsafeBufferPointer<UInt8>, parseSpecial: Bool) -> [(start: Int, end: Int, id: Int32)] {
    let terminal = parseSpecial ? terminal.any : terminal.plain
    let shorter = parseSpecial ? shorter.any : shorter.plain
    // Candidates as rank << 32 | position: the longest special token at each position.
    var queue: [UInt64] = []
    for position in 0..<text.count where firstBytes[Int(text[position])] {
      var node = 0
      var longest = -1
      var index = position
      while index < text.count, let next = child(of: node, byte: text[index]) {
        node = next
        index += 1
        if terminal[node] >= 0 { longest = node }
      }
      if longest >= 0 { queue.append(UInt64(terminal[longest]) << 32 | UInt64(position)) }
    }
    guard !queue.isEmpty else { return [] }
    var heap = MinHeap(sorted: queue.sorted())
    var taken = [Bool](repeating: false, count: text.count)
    var result: [(start: Int, end: Int, id: Int32)] = []
    while let candidate = heap.pop() {
      let rank = Int(candidate >> 32)
      let start = Int(candidate & 0xFFFF_FFFF)
      guard !taken[start] else { continue }
      let end = start + Int(lengths[rank])
      guard !taken[end - 1] else {
        let next = Int(shorter[Int(nodes[rank])])
        if next >= 0 { heap.push(UInt64(terminal[next]) << 32 | UInt64(start)) }
        continue
      }
      for index in start..<end { taken[index] = true }
      result.append((start, end, ids[rank]))
    }
    return result.sorted { $0.start < $1.start }
  }

  private func child(of node: Int, byte: UInt8) -> Int? {
    for edge in Int(edgeStart[node])..<Int(edgeStart[node + 1]) where edgeBytes[edge] == byte {
      return Int(edgeTargets[edge])
    }
    return nil
  }
}
