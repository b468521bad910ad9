/// A unified diff of two texts by lines (`diff -u`'s format, three lines of context), for commands that print what
/// they would write.
enum UnifiedDiff {
    static func diff(old: [UInt8], new: [UInt8], oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        guard a != b else { return "" }
        let script = edits(a, b)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Group the changes whose contexts touch into hunks.
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            var start = index
            var back = 0
            while start > 0, back < context, script[start - 1].kind == .same { start -= 1; back += 1 }
            var end = index
            var quiet = 0
            while end < script.count {
                if script[end].kind == .same {
                    quiet += 1
                    if quiet > 2 * context { break }
                } else {
                    quiet = 0
                }
                end += 1
            }
            // Trim trailing context to `context` lines.
            var trailing = 0
            while end > index, script[end - 1].kind == .same { end -= 1; trailing += 1 }
            end += min(trailing, context)
            let hunk = script[start..<end]
            let oldStart = hunk.first.map { $0.oldLine } ?? 0
            let newStart = hunk.first.map { $0.newLine } ?? 0
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for line in hunk {
                let marker = line.kind == .same ? " " : line.kind == .added ? "+" : "-"
                output += marker + line.text + "\n"
                if line.missingNewline { output += "\\ No newline at end of file\n" }
            }
            index = end
        }
        return output
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // Lines are 1-based; an empty side names the line before it.
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    struct Line: Equatable {
        var text: String
        var missingNewline: Bool
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 10 {
            result.append(Line(text: String(decoding: bytes[start..<index], as: UTF8.self), missingNewline: false))
            start = index + 1
        }
        if start < bytes.count { result.append(Line(text: String(decoding: bytes[start...], as: UTF8.self), missingNewline: true)) }
        return result
    }

    struct Step {
        enum Kind { case same, added, removed }
        var kind: Kind
        var text: String
        var missingNewline: Bool
        /// 0-based lines of each side where this step is.
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script, by the longest common subsequence of the lines between the common prefix and suffix.
    static func edits(_ a: [Line], _ b: [Line]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        // lengths[i][j]: the LCS of x[i...] and y[j...].
        let width = y.count + 1
        var lengths = [Int32](repeating: 0, count: (x.count + 1) * width)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = x[i] == y[j] ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var steps: [Step] = []
        for index in 0..<prefix {
            steps.append(Step(kind: .same, text: a[index].text, missingNewline: a[index].missingNewline, oldLine: index, newLine: index))
        }
        var (i, j) = (0, 0)
        while i < x.count || j < y.count {
            if i < x.count, j < y.count, x[i] == y[j] {
                steps.append(Step(kind: .same, text: x[i].text, missingNewline: x[i].missingNewline, oldLine: prefix + i, newLine: prefix + j))
                i += 1
                j += 1
            } else if i < x.count, j == y.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                steps.append(Step(kind: .removed, text: x[i].text, missingNewline: x[i].missingNewline, oldLine: prefix + i, newLine: prefix + j))
                i += 1
            } else {
                steps.append(Step(kind: .added, text: y[j].text, missingNewline: y[j].missingNewline, oldLine: prefix + i, newLine: prefix + j))
                j += 1
            }
        }
        for index in 0..<suffix {
            let old = a.count - suffix + index
            let new = b.count - suffix + index
            steps.append(Step(kind: .same, text: a[old].text, missingNewline: a[old].missingNewline, oldLine: old, newLine: new))
        }
        return steps
    }
}
