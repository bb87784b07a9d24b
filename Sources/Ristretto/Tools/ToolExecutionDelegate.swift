import Foundation

/// What an app decides for one tool call before it runs.
public enum ToolCallDecision: Sendable, Equatable {
  /// Run the tool.
  case run
  /// Do not run the tool; the model receives a ``ToolCallDenial`` with `reason` as the call's
  /// output, so it can answer without the tool or ask the person.
  case deny(reason: String)
  /// Do not run the tool; `output` becomes its output, as if the tool had returned it (a cached
  /// result, or one the app computed another way): a string as text, anything else as JSON.
  case supply(GeneratedContent)
}

/// Observes, approves, denies or answers each tool call a session makes: for confirming actions
/// with the person, auditing, or caching.
///
/// The session asks the delegate after a call's arguments passed the tool's schema and before
/// the tool runs, then reports what the call produced. Both methods have defaults (run, and
/// nothing), so a delegate implements only what it needs.
///
/// ```swift
/// struct ConfirmOrders: ToolExecutionDelegate {
///   func toolCallWillRun(_ call: Transcript.ToolCall, tool: any Tool) async -> ToolCallDecision {
///     tool.name == "placeOrder" ? .deny(reason: "The person has not confirmed the order.") : .run
///   }
/// }
/// session.toolExecutionDelegate = ConfirmOrders()
/// ```
public protocol ToolExecutionDelegate: Sendable {
  /// Decides what happens to `call` before `tool` runs.
  func toolCallWillRun(_ call: Transcript.ToolCall, tool: any Tool) async -> ToolCallDecision

  /// Reports the output the model receives for `call`: the tool's, the supplied one, or the
  /// denial. Not called when the tool throws (the request then fails with ``ToolCallError``).
  func toolCallDidFinish(_ call: Transcript.ToolCall, tool: any Tool, output: Transcript.ToolOutput) async
}

extension ToolExecutionDelegate {
  /// Runs every call.
  public func toolCallWillRun(_ call: Transcript.ToolCall, tool: any Tool) async -> ToolCallDecision { .run }

  /// Does nothing.
  public func toolCallDidFinish(_ call: Transcript.ToolCall, tool: any Tool, output: Transcript.ToolOutput) async {}
}

/// The error a model receives as the output of a call its app denied.
public struct ToolCallDenial: Error, Sendable, Equatable, LocalizedError {
  /// The tool that was not run.
  public let toolName: String
  /// Why, as the app said it.
  public let reason: String

  /// Creates a denial.
  public init(toolName: String, reason: String) {
    self.toolName = toolName
    self.reason = reason
  }

  /// The text the model reads.
  public var errorDescription: String? { "The app did not allow this call to \(toolName): \(reason)" }
}
