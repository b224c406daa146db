import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How wide the output may be: `$COLUMNS` when set to a number, else the terminal's width when standard
/// output is one, else no limit (a file or a pipe gets whole lines).
enum TerminalWidth {
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0 {
            return columns
        }
        #if canImport(Glibc)
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        #endif
        return nil
    }
}
