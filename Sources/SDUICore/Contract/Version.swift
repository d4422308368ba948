/// A version of the contract or of a host capability: "MAJOR.MINOR" or
/// "MAJOR.MINOR.PATCH", each part a whole number written without a sign or
/// leading zeros (at most 4294967295). A `version` member may also be a
/// whole JSON number N, meaning "N.0" (pages have sent `"version": 1`).
///
/// Versions are compared part by part, a missing patch counting as 0
/// (`isAtLeast`); equality (`==`) is of the form as written too, so a page
/// whose `version` changes from 1 to "1.0" is a changed page.
public struct Version: Sendable, Equatable, CustomStringConvertible {
    /// How the version was written, which `json` gives back.
    public enum Form: Sendable, Equatable {
        /// A JSON number N: "N.0".
        case integer
        /// "MAJOR.MINOR".
        case twoParts
        /// "MAJOR.MINOR.PATCH".
        case threeParts
    }

    public var major: UInt32
    public var minor: UInt32
    public var patch: UInt32
    public var form: Form

    public init(_ major: UInt32, _ minor: UInt32 = 0, _ patch: UInt32 = 0, form: Form = .twoParts) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.form = form
    }

    /// Parses "MAJOR.MINOR" or "MAJOR.MINOR.PATCH"; nil for anything else.
    public init?(text: String) {
        var parts: [UInt32] = []
        var current: UInt64 = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts.count < 2 else { return nil }
                parts.append(UInt32(current))
                (current, digits) = (0, 0)
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if digits == 1 && current == 0 { return nil } // a leading zero
                current = current * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                guard current <= UInt64(UInt32.max) else { return nil }
            } else {
                return nil
            }
        }
        guard digits > 0, parts.count >= 1 else { return nil }
        parts.append(UInt32(current))
        major = parts[0]
        minor = parts[1]
        patch = parts.count == 3 ? parts[2] : 0
        form = parts.count == 3 ? .threeParts : .twoParts
    }

    /// Decodes a `version` member: a version string, or a whole number N
    /// (0 to 4294967295) meaning "N.0".
    public init(json: JSON, at path: JSONPath) throws(ContractError) {
        switch json {
        case .int(let n) where n >= 0 && n <= Int64(UInt32.max):
            self.init(UInt32(n), form: .integer)
        case .string(let s):
            guard let version = Version(text: s) else { throw Version.malformed(path, "\"\(s)\"", orNumber: true) }
            self = version
        default:
            throw Version.malformed(path, Version.shown(json), orNumber: true)
        }
    }

    /// Decodes a version string (a `requires` entry, a declared capability):
    /// "MAJOR.MINOR" or "MAJOR.MINOR.PATCH" only.
    public init(string json: JSON, at path: JSONPath) throws(ContractError) {
        guard case .string(let s) = json else { throw Version.malformed(path, Version.shown(json)) }
        guard let version = Version(text: s) else { throw Version.malformed(path, "\"\(s)\"") }
        self = version
    }

    /// The error for a value that is no version; `orNumber` when a whole
    /// number would do too.
    private static func malformed(_ path: JSONPath, _ got: String, orNumber: Bool = false) -> ContractError {
        let shapes = "\"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\" (whole numbers, no leading zeros)"
        return ContractError(path, orNumber ? "a version must be \(shapes) or a whole number N (\"N.0\"), got \(got)"
                                            : "a version must be a string \(shapes), got \(got)")
    }

    /// A wrong value as a message shows it: a number as written, else its type.
    private static func shown(_ json: JSON) -> String {
        switch json {
        case .int, .double: return JSONWriter.string(json)
        default: return json.typeName
        }
    }

    /// Whether this version is `other` or later, compared part by part.
    public func isAtLeast(_ other: Version) -> Bool {
        (major, minor, patch) >= (other.major, other.minor, other.patch)
    }

    /// "MAJOR.MINOR", or "MAJOR.MINOR.PATCH" when written with three parts
    /// (or the patch is not 0).
    public var description: String {
        form == .threeParts || patch != 0 ? "\(major).\(minor).\(patch)" : "\(major).\(minor)"
    }

    /// The version as written: a number for the integer form, else a string.
    public var json: JSON {
        form == .integer ? .int(Int64(major)) : .string(description)
    }
}
