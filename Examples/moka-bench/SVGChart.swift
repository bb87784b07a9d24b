import Foundation

/// A small SVG chart, written without dependencies: horizontal bars (one value per row) or
/// box plots (a distribution per row), grouped, on a linear or logarithmic axis.
///
/// Rows come in groups (a model, a vocabulary, a specialty); each row belongs to a series
/// (cold, warm; guided, unguided), which sets its colour and has a legend entry.
///
/// ```swift
/// var chart = SVGChart(title: "Decode speed", unit: "tokens/s")
/// chart.groups = [.init(label: "SmolLM2", rows: [.init(series: "guided", value: .number(41.2))])]
/// try chart.write(to: "decode.svg")
/// ```
struct SVGChart {
  /// How values map to the horizontal axis.
  enum Scale {
    case linear
    /// Powers of ten are evenly spaced; values at or below zero sit at the axis start.
    case logarithmic
  }

  /// What a row shows.
  enum Value {
    /// A bar from the axis start to the value.
    case number(Double)
    /// A box from the 25th to the 75th percentile with the median marked, whiskers from the
    /// 1st to the 99th percentile, and a dot at the maximum.
    case distribution([Double])
  }

  struct Row {
    var series: String
    var value: Value
  }

  struct Group {
    var label: String
    var rows: [Row]
  }

  var title: String
  var subtitle: String?
  /// The unit of the axis, shown under it.
  var unit: String
  var scale: Scale = .linear
  var groups: [Group] = []

  static let palette = ["#4C78A8", "#F58518", "#54A24B", "#E45756", "#72B7B2", "#B279A2", "#9D755D", "#BAB0AC"]

  private let width = 920.0
  private let labelWidth = 190.0
  private let valueWidth = 260.0
  private let rowHeight = 20.0
  private let groupGap = 14.0
  private let top = 64.0

  init(title: String, subtitle: String? = nil, unit: String, scale: Scale = .linear, groups: [Group] = []) {
    self.title = title
    self.subtitle = subtitle
    self.unit = unit
    self.scale = scale
    self.groups = groups
  }

  /// Writes the chart to `path`.
  func write(to path: String) throws {
    try Data(render().utf8).write(to: URL(fileURLWithPath: path))
  }

  /// The chart as an SVG document.
  func render() -> String {
    let series = seriesNames
    let plotLeft = labelWidth
    let plotRight = width - valueWidth
    let rowsHeight = groups.reduce(0.0) { $0 + Double($1.rows.count + 1) * rowHeight + groupGap }
    let plotBottom = top + rowsHeight
    let height = plotBottom + 64
    let axis = Axis(scale: scale, values: allValues, left: plotLeft, right: plotRight)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="16" y="24" font-size="16" font-weight="bold">\(escape(title))</text>

      """
    if let subtitle { svg += "<text x=\"16\" y=\"42\" fill=\"#555\">\(escape(subtitle))</text>\n" }
    for tick in axis.ticks {
      let x = axis.position(tick.value)
      svg += line(x, top - 6, x, plotBottom, stroke: tick.major ? "#ddd" : "#f0f0f0")
      if tick.major {
        svg += text(x, plotBottom + 16, format(tick.value), anchor: "middle", fill: "#555")
      }
    }
    svg += text(
      (plotLeft + plotRight) / 2, plotBottom + 34, unit + (scale == .logarithmic ? " (log scale)" : ""), anchor: "middle")
    var y = top
    for group in groups {
      svg += text(16, y + rowHeight * 0.7, group.label, anchor: "start", weight: "bold")
      y += rowHeight
      for row in group.rows {
        let colour = Self.palette[(series.firstIndex(of: row.series) ?? 0) % Self.palette.count]
        svg += text(plotLeft - 8, y + rowHeight * 0.7, row.series, anchor: "end", fill: "#333")
        svg += draw(row.value, axis: axis, y: y, colour: colour, valueX: plotRight + 8)
        y += rowHeight
      }
      y += groupGap
    }
    var legendX = 16.0
    for (index, name) in series.enumerated() {
      let colour = Self.palette[index % Self.palette.count]
      svg += "<rect x=\"\(legendX)\" y=\"\(height - 20)\" width=\"12\" height=\"12\" fill=\"\(colour)\"/>\n"
      svg += text(legendX + 16, height - 10, name, anchor: "start")
      legendX += 36 + Double(name.count) * 7
    }
    return svg + "</svg>\n"
  }

  private func draw(_ value: Value, axis: Axis, y: Double, colour: String, valueX: Double) -> String {
    let middle = y + rowHeight / 2
    switch value {
    case .number(let number):
      let end = axis.position(number)
      return "<rect x=\"\(axis.left)\" y=\"\(y + 3)\" width=\"\(max(end - axis.left, 1))\" height=\"\(rowHeight - 6)\" "
        + "fill=\"\(colour)\"/>\n" + text(valueX, middle + 4, format(number), anchor: "start", fill: "#333")
    case .distribution(let values):
      guard !values.isEmpty else { return "" }
      let sorted = values.sorted()
      func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q))] }
      let (p1, p25, p50, p75, p99, maximum) = (at(0.01), at(0.25), at(0.5), at(0.75), at(0.99), sorted.last!)
      let (x1, x25, x50, x75, x99, xMax) = (
        axis.position(p1), axis.position(p25), axis.position(p50), axis.position(p75), axis.position(p99),
        axis.position(maximum)
      )
      var svg = line(x1, middle, x99, middle, stroke: colour)
      svg += line(x1, middle - 4, x1, middle + 4, stroke: colour) + line(x99, middle - 4, x99, middle + 4, stroke: colour)
      svg +=
        "<rect x=\"\(x25)\" y=\"\(y + 4)\" width=\"\(max(x75 - x25, 1))\" height=\"\(rowHeight - 8)\" "
        + "fill=\"\(colour)\" fill-opacity=\"0.35\" stroke=\"\(colour)\"/>\n"
      svg += line(x50, y + 3, x50, y + rowHeight - 3, stroke: colour, width: 2.5)
      svg += "<circle cx=\"\(xMax)\" cy=\"\(middle)\" r=\"2.5\" fill=\"\(colour)\"/>\n"
      let label = "p50 \(format(p50)) · p99 \(format(p99)) · max \(format(maximum))"
      return svg + text(valueX, middle + 4, label, anchor: "start", fill: "#333")
    }
  }

  private var seriesNames: [String] {
    var names: [String] = []
    for group in groups {
      for row in group.rows where !names.contains(row.series) { names.append(row.series) }
    }
    return names
  }

  private var allValues: [Double] {
    groups.flatMap(\.rows).flatMap { row -> [Double] in
      switch row.value {
      case .number(let number): [number]
      case .distribution(let values): values
      }
    }
  }

  private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1) -> String {
    "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"/>\n"
  }

  private func text(
    _ x: Double, _ y: Double, _ content: String, anchor: String, fill: String = "#000", weight: String = "normal"
  ) -> String {
    "<text x=\"\(x)\" y=\"\(y)\" text-anchor=\"\(anchor)\" fill=\"\(fill)\" font-weight=\"\(weight)\">\(escape(content))</text>\n"
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// A number with as few digits as it needs: 0.25, 3.1, 42, 1200.
  private func format(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude >= 100 || magnitude == magnitude.rounded() { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 0.1 { return String(format: "%.2g", value) }
    return String(format: "%.1g", value)
  }
}

/// The horizontal axis: where values go, and its ticks.
private struct Axis {
  let scale: SVGChart.Scale
  let left: Double
  let right: Double
  let low: Double
  let high: Double

  init(scale: SVGChart.Scale, values: [Double], left: Double, right: Double) {
    self.scale = scale
    self.left = left
    self.right = right
    switch scale {
    case .linear:
      let top = max(values.max() ?? 1, 0)
      let step = Self.niceStep(top / 5)
      (low, high) = (0, max(step, (top / step).rounded(.up) * step))
    case .logarithmic:
      let positive = values.filter { $0 > 0 }
      low = pow(10, (log10(positive.min() ?? 1)).rounded(.down))
      high = max(pow(10, (log10(positive.max() ?? 10)).rounded(.up)), low * 10)
    }
  }

  func position(_ value: Double) -> Double {
    let fraction: Double
    switch scale {
    case .linear: fraction = (value - low) / (high - low)
    case .logarithmic: fraction = value <= low ? 0 : (log10(value) - log10(low)) / (log10(high) - log10(low))
    }
    return left + min(max(fraction, 0), 1) * (right - left)
  }

  var ticks: [(value: Double, major: Bool)] {
    switch scale {
    case .linear:
      let step = Self.niceStep((high - low) / 5)
      return stride(from: low, through: high + step / 2, by: step).map { ($0, true) }
    case .logarithmic:
      var ticks: [(Double, Bool)] = []
      var decade = low
      while decade <= high * 1.000_001 {
        ticks.append((decade, true))
        if decade < high { for multiple in 2...9 { ticks.append((decade * Double(multiple), false)) } }
        decade *= 10
      }
      return ticks
    }
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    let power = pow(10, log10(raw).rounded(.down))
    for multiple in [1.0, 2, 5, 10] where multiple * power >= raw { return multiple * power }
    return 10 * power
  }
}
