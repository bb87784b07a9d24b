/// The order in which a ``HistoryPolicy`` leaves history out of a request.
///
/// The history is split into units, each left out whole and in order: for
/// ``HistoryPolicy/dropToolRoundsFirst`` every completed tool round (its calls and their outputs)
/// oldest first, then every older prompt and response oldest first; for
/// ``HistoryPolicy/rollingWindow(entries:)`` each entry oldest first, the first
/// ``forcedUnits`` of them whatever the cost. The instructions and the turn under way (from the
/// newest prompt on) are never in a unit.
struct HistoryPlan {
  /// The request's entries before anything is left out.
  let visible: [Transcript.Entry]
  /// Indices into ``visible``, one range per unit, in the order they are left out.
  let units: [Range<Int>]
  /// Units left out however much room there is (the part of a rolling window past its size).
  let forcedUnits: Int

  init(_ visible: [Transcript.Entry], policy: HistoryPolicy) {
    self.visible = visible
    let head = visible.first.map { if case .instructions = $0 { 1 } else { 0 } } ?? 0
    let lastPrompt = visible.lastIndex { if case .prompt = $0 { true } else { false } }
    // What units may leave out: the entries between the instructions and the newest prompt.
    let droppableRange = head..<max(lastPrompt ?? head, head)
    switch policy {
    case .strict:
      units = []
      forcedUnits = 0
    case .rollingWindow(let count):
      units = droppableRange.map { $0..<$0 + 1 }
      forcedUnits = min(max(visible.count - head - max(count, 0), 0), units.count)
    case .dropToolRoundsFirst:
      units = Self.toolRoundsFirst(visible, in: droppableRange)
      forcedUnits = 0
    }
  }

  /// The request's entries once the first `count` units are left out.
  func entries(dropping count: Int) -> [Transcript.Entry] {
    guard count > 0 else { return visible }
    var left = [Bool](repeating: false, count: visible.count)
    for unit in units.prefix(count) { for index in unit { left[index] = true } }
    return visible.indices.compactMap { left[$0] ? nil : visible[$0] }
  }

  /// The entries the first `count` units leave out, in the order they are left out.
  func dropped(_ count: Int) -> [Transcript.Entry] {
    units.prefix(count).flatMap { visible[$0] }
  }

  /// The positions in ``visible`` of the entries the first `count` units leave out, in the order
  /// they are left out.
  func droppedIndices(_ count: Int) -> [Int] {
    units.prefix(count).flatMap { $0 }
  }

  /// The fewest units to leave out (never fewer than ``forcedUnits``) for the estimate — `base`
  /// tokens for what is never left out, plus each kept entry's own count from `tokens` — to fit
  /// `limit`. Units are kept newest first while they fit, so only the entries kept (and the
  /// first that does not fit) are counted, however long the history.
  func estimatedDrop(base: Int, limit: Int, tokens: (Transcript.Entry) -> Int) -> Int {
    var room = limit - base
    var kept = 0
    for unit in units.reversed() {
      let cost = unit.reduce(0) { $0 + tokens(visible[$1]) }
      guard cost <= room else { break }
      room -= cost
      kept += 1
    }
    return max(units.count - kept, forcedUnits)
  }

  /// Completed tool rounds oldest first, then the other entries one by one, oldest first; an
  /// instructions entry in the middle of the history stays.
  private static func toolRoundsFirst(_ entries: [Transcript.Entry], in range: Range<Int>) -> [Range<Int>] {
    var rounds: [Range<Int>] = []
    var singles: [Range<Int>] = []
    var index = range.lowerBound
    while index < range.upperBound {
      switch entries[index] {
      case .toolCalls:
        var end = index + 1
        while end < range.upperBound, case .toolOutput = entries[end] { end += 1 }
        rounds.append(index..<end)
        index = end
      case .instructions:
        index += 1
      default:
        singles.append(index..<index + 1)
        index += 1
      }
    }
    return rounds + singles
  }
}

/// What a request left out of the history: the first ``units`` of a plan's units.
struct HistoryDrop {
  let plan: HistoryPlan
  let units: Int

  /// The entries left out, in the order they were left out.
  var entries: [Transcript.Entry] { plan.dropped(units) }
  /// Their positions in the entries the request was built from.
  var indices: [Int] { plan.droppedIndices(units) }
}
