# Homebrew formula: mockls built from source.
#
# mockls has no published release to download yet. `make brew-install` (macOS) fills in `url`, `sha256` and
# `version` with a tarball of the clone it runs in (`git archive HEAD`, by `fill-formula.sh`), writes the formula
# into a local tap and runs `brew install --build-from-source` on it. Publishing a release means writing its URL and
# checksum here instead.
class Mockls < Formula
  desc "Language server and CLI for Apollo iOS test mocks: completion, crash diagnostics, placeholders"
  homepage "https://www.apollographql.com/docs/ios/testing/test-mocks"
  url "@TARBALL_URL@"
  sha256 "@TARBALL_SHA256@"
  version "@VERSION@"

  depends_on "pkg-config" => :build
  depends_on "json-c"

  on_macos do
    # Package.swift declares swift-tools-version 6.1 and macOS 15.
    depends_on xcode: ["16.3", :build]
    depends_on macos: :sequoia
  end

  on_linux do
    depends_on "swift" => :build
  end

  def install
    arguments = %w[build --disable-sandbox --configuration release --product mockls]
    # On Linux the Swift runtime and Foundation go into the binary: brew's swift is a build dependency only.
    arguments << "--static-swift-stdlib" if OS.linux?
    system "swift", *arguments
    bin.install ".build/release/mockls"
    # The editor set-ups (Neovim module, Emacs package, Helix and VS Code configurations).
    pkgshare.install "editors"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/mockls --version")

    # A one-query Apollo project whose test reads a field its mock never sets: the crash mockls exists to report.
    (testpath/"apollo-codegen-config.json").write <<~JSON
      {"schemaNamespace": "Zoo",
       "input": {"schemaSearchPaths": ["*.graphqls"], "operationSearchPaths": ["*.graphql"]},
       "output": {"schemaTypes": {"path": "./Zoo", "moduleType": {"swiftPackageManager": {}}},
                  "testMocks": {"swiftPackage": {"targetName": "ZooTestMocks"}}}}
    JSON
    (testpath/"schema.graphqls").write <<~GRAPHQL
      type Query { dog: Dog! }
      type Dog { name: String! owner: Person! }
      type Person { name: String! }
    GRAPHQL
    (testpath/"DogQuery.graphql").write "query DogQuery { dog { name owner { name } } }\n"
    (testpath/"Tests/DogTests.swift").write <<~SWIFT
      import ApolloTestSupport
      import XCTest
      import ZooTestMocks

      final class DogTests: XCTestCase {
        func testOwner() {
          let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(name: "Rex")))
          XCTAssertEqual(data.dog.owner.name, "Ada")
        }
      }
    SWIFT
    output = shell_output("#{bin}/mockls check --workspace #{testpath}", 1)
    assert_match "Tests/DogTests.swift:8:35: warning: reading `name` crashes", output
  end
end
