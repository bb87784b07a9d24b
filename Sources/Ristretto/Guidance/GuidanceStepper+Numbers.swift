extension GuidanceStepper {
  private static let integerDigitLimit: Int8 = 18
  private static let numberDigitLimit: Int8 = 15
  private static let fractionDigitLimit: Int8 = 9

  private func bounds(_ node: Int32) -> (isInteger: Bool, minimum: Double?, maximum: Double?) {
    switch grammar.nodes[Int(node)] {
    case .integer(let minimum, let maximum): (true, minimum.map(Double.init), maximum.map(Double.init))
    case .number(let minimum, let maximum): (false, minimum, maximum)
    default: (false, nil, nil)
    }
  }

  /// The progress after `byte`, or nil when the byte is not a number byte here or no value
  /// within the bounds can start with the new prefix.
  func advanceNumber(_ node: Int32, _ progress: NumberProgress, _ byte: UInt8) -> NumberProgress? {
    let (isInteger, minimum, maximum) = bounds(node)
    var next = progress
    let digit = byte >= 0x30 && byte <= 0x39 ? Int64(byte - 0x30) : nil
    switch progress.phase {
    case 0:
      if byte == UInt8(ascii: "-") {
        next.negative = true
        next.phase = 1
      } else if let digit {
        (next.phase, next.integer, next.integerDigits) = (2, digit, 1)
      } else {
        return nil
      }
    case 1:
      guard let digit else { return nil }
      (next.phase, next.integer, next.integerDigits) = (2, digit, 1)
    case 2:
      if let digit {
        let limit = isInteger ? Self.integerDigitLimit : Self.numberDigitLimit
        guard progress.integer != 0, progress.integerDigits < limit else { return nil }
        next.integer = progress.integer * 10 + digit
        next.integerDigits += 1
      } else if byte == UInt8(ascii: "."), !isInteger {
        next.phase = 3
      } else {
        return nil
      }
    case 3, 4:
      guard let digit, progress.fractionDigits < Self.fractionDigitLimit else { return nil }
      next.phase = 4
      next.fraction = progress.fraction * 10 + digit
      next.fractionDigits += 1
    default:
      return nil
    }
    // JSON has no use for a negative zero: "-0" is refused for integers.
    if isInteger, next.negative, next.phase == 2, next.integer == 0 { return nil }
    return feasible(next, isInteger: isInteger, minimum: minimum, maximum: maximum) ? next : nil
  }

  /// Whether some number starting with this prefix lies within the bounds.
  private func feasible(_ progress: NumberProgress, isInteger: Bool, minimum: Double?, maximum: Double?) -> Bool {
    let low = minimum ?? -.infinity
    let high = maximum ?? .infinity
    // The magnitudes reachable from this prefix are closed intervals [a, b], each tried as it
    // comes (no list is built: this runs for every digit of every mask), plus an open upper
    // margin when a fraction may still follow.
    func reaches(_ a: Double, _ b: Double, margin: Double) -> Bool {
      if progress.negative {
        let lower = -(b + margin)
        return -a >= low && (margin > 0 ? lower < high : lower <= high)
      }
      return a <= high && (margin > 0 ? b + margin > low : b >= low)
    }
    switch progress.phase {
    case 1:
      return reaches(isInteger ? 1 : 0, isInteger ? 1e18 : 1e15, margin: isInteger ? 0 : 1)
    case 2:
      let value = Double(progress.integer)
      let margin: Double = isInteger ? 0 : 1
      if reaches(value, value, margin: margin) { return true }
      guard progress.integer != 0 else { return false }
      let limit = isInteger ? Self.integerDigitLimit : Self.numberDigitLimit
      var scale = 10.0
      for _ in progress.integerDigits..<limit {
        if reaches(value * scale, value * scale + scale - 1, margin: margin) { return true }
        scale *= 10
      }
      return false
    default:
      var scale = 1.0
      for _ in 0..<progress.fractionDigits { scale *= 10 }
      let value = Double(progress.integer) + Double(progress.fraction) / scale
      return reaches(value, value, margin: progress.fractionDigits >= Self.fractionDigitLimit ? 0 : 1 / scale)
    }
  }

  /// Whether the number may end after this prefix.
  func numberCanEnd(_ node: Int32, _ progress: NumberProgress) -> Bool {
    guard progress.phase == 2 || progress.phase == 4 else { return false }
    let (_, minimum, maximum) = bounds(node)
    var scale = 1.0
    for _ in 0..<progress.fractionDigits { scale *= 10 }
    var value = Double(progress.integer) + Double(progress.fraction) / scale
    if progress.negative {
      guard value != 0 else { return false }
      value = -value
    }
    return (minimum.map { value >= $0 } ?? true) && (maximum.map { value <= $0 } ?? true)
  }
}
