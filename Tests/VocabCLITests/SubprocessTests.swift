import Foundation
import Testing
import VocabTestSupport

/// The test harness's own way of running programs (`Subprocess`, for psql and the cluster script) must not
/// disturb how Foundation's `Process` runs `vocab` on other threads at the same time.
@Suite("Subprocess")
struct SubprocessTests {
    /// Foundation's `Process` learns that a child ended when the child's end of a socket closes; marking every
    /// descriptor of this process close-on-exec (as `Subprocess` once did) made a child started meanwhile on
    /// another thread begin without it, and the whole run hung in `waitUntilExit()`.
    @Test("A program run by Subprocess inherits only the standard descriptors, and this process's keep their flags")
    func childGetsOnlyStandardDescriptors() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let flagsBefore = ends.map { fcntl($0, F_GETFD) }
        #expect(flagsBefore.allSatisfy { $0 >= 0 && $0 & FD_CLOEXEC == 0 })
        let (status, output) = Subprocess.run(["/bin/sh", "-c", "ls /proc/$$/fd"])
        #expect(status == 0, "\(output)")
        let inherited = Set(output.split(whereSeparator: \.isNewline).compactMap { Int32($0) })
        #expect(inherited.isDisjoint(with: ends), "the child held \(inherited.sorted())")
        #expect(inherited.subtracting([0, 1, 2]).count <= 1, "the child held \(inherited.sorted())")  // at most the shell's own
        #expect(ends.map { fcntl($0, F_GETFD) } == flagsBefore)
    }
}
