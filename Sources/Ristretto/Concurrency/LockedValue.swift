import Foundation

/// A value that tasks share behind a lock ThreadSanitizer can see.
///
/// The standard library's `Mutex` hands a contended lock over with a priority-inheritance futex
/// in the kernel, out of ThreadSanitizer's sight, so each contended use reads to the sanitizer as
/// a race and `swift test --sanitize=thread` could not tell a real race from a false one. This
/// lock is a pthread mutex (through `NSLock`), which the sanitizer intercepts; the package uses it
/// wherever it shares mutable state, and the whole suite runs clean under the sanitizer.
///
/// ```swift
/// let hits = LockedValue(0)
/// hits.withLock { $0 += 1 }
/// ```
package final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Creates the lock around `value`.
  package init(_ value: sending Value) { self.value = value }

  /// Runs `body` with the value while holding the lock and returns its result.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
