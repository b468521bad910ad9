"""`mockls mocks` against Apollo's sample APIs: the model equals expected-mocks.json and the Swift files equal
what the executable spec (shared/tools/derive_apollo_mocks.py) renders, byte for byte."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lsp_stdio import ROOT, mockls_binary
from shared import SHARED, require_shared

APIS = ["AnimalKingdomAPI", "StarWarsAPI", "SubscriptionAPI", "UploadAPI"]


@pytest.fixture(autouse=True)
def needs_shared():
    """Every test here reads ../shared."""
    require_shared()


def mockls(*args):
    result = subprocess.run([mockls_binary(), *args], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("api", APIS)
def test_json_model_equals_expected(api):
    workspace = SHARED / "fixtures" / "apollo" / api
    # The shared expectations are Apollo 1.25's (a workspace without a pin is taken to use the newest, 2.x).
    actual = json.loads(mockls("mocks", "--workspace", str(workspace), "--format", "json", "--mock-format", "1.23+"))
    expected = json.loads((workspace / "expected-mocks.json").read_text())
    assert actual.pop("format") == "1.23+"
    assert actual == expected


@pytest.mark.parametrize("api", APIS)
def test_swift_files_equal_the_executable_spec(api, tmp_path):
    workspace = SHARED / "fixtures" / "apollo" / api
    graphql = workspace / "graphql"
    schema = next(graphql.glob("*.graphqls"))
    operations = sorted(str(p) for p in graphql.rglob("*.graphql"))
    spec = tmp_path / "spec"
    subprocess.run(
        [sys.executable, str(SHARED / "tools" / "derive_apollo_mocks.py"), "--schema", str(schema),
         "--namespace", api, "--out", str(spec), *operations],
        check=True, capture_output=True,
    )
    ours = tmp_path / "ours"
    subprocess.run([mockls_binary(), "mocks", "--workspace", str(workspace), "--format", "swift", "--output", str(ours),
                    "--mock-format", "1.23+"], check=True, capture_output=True)
    spec_files = sorted(p.name for p in spec.iterdir())
    assert sorted(p.name for p in ours.iterdir()) == spec_files
    for name in spec_files:
        assert (ours / name).read_text() == (spec / name).read_text(), name


APOLLO_2_GOLDENS = ROOT / "Tests" / "goldens" / "apollo-2.3.0" / "AnimalKingdomAPI"


@pytest.mark.parametrize("pin", [None, "2.3.0"])
def test_swift_files_equal_what_apollo_2_wrote(pin, tmp_path):
    """AnimalKingdom's documents at apollo-ios-dev 2.3.0 and the mocks its codegen generated from them there
    (Tests/goldens/apollo-2.3.0): mockls renders the same bytes, for a workspace pinning 2.3.0 and for one without
    a pin (the newest format)."""
    workspace = tmp_path / "AnimalKingdomAPI"
    workspace.mkdir()
    for name in ("graphql", "apollo-codegen-config.json"):
        source = APOLLO_2_GOLDENS / name
        if source.is_dir():
            (workspace / name).mkdir()
            for file in source.iterdir():
                (workspace / name / file.name).write_bytes(file.read_bytes())
        else:
            (workspace / name).write_bytes(source.read_bytes())
    if pin:
        (workspace / "Package.resolved").write_text(json.dumps({"pins": [{
            "identity": "apollo-ios", "location": "https://github.com/apollographql/apollo-ios.git",
            "state": {"revision": "0" * 40, "version": pin}}], "version": 3}))
    ours = tmp_path / "ours"
    subprocess.run([mockls_binary(), "mocks", "--workspace", str(workspace), "--format", "swift", "--output", str(ours)],
                   check=True, capture_output=True)
    expected = sorted(p.name for p in (APOLLO_2_GOLDENS / "TestMocks").iterdir())
    assert sorted(p.name for p in ours.iterdir()) == expected
    for name in expected:
        assert (ours / name).read_text() == (APOLLO_2_GOLDENS / "TestMocks" / name).read_text(), name
    model = json.loads(mockls("mocks", "--workspace", str(workspace), "--format", "json"))
    assert model["format"] == "2.x"


def test_apollo_2_0_mocks_before_default_mock_value_and_nonisolated(tmp_path):
    # 2.0.0–2.0.2 wrote `try! .init(_jsonValue: "")` for custom scalars and no `nonisolated` (2.1.0 added it).
    workspace = tmp_path / "w"
    (workspace / "graphql").mkdir(parents=True)
    for file in (APOLLO_2_GOLDENS / "graphql").iterdir():
        (workspace / "graphql" / file.name).write_bytes(file.read_bytes())
    (workspace / "apollo-codegen-config.json").write_bytes((APOLLO_2_GOLDENS / "apollo-codegen-config.json").read_bytes())
    (workspace / "Podfile.lock").write_text("PODS:\n  - Apollo (2.0.1)\n\nCOCOAPODS: 1.16.2\n")
    dog = mockls("mocks", "--workspace", str(workspace), "--format", "swift")
    assert "\npublic final class Dog: MockObject {\n" in dog
    assert "birthdate: AnimalKingdomAPI.CustomDate = try! .init(_jsonValue: \"\")," in dog
    assert "public struct MockFields: Sendable {" in dog


def test_internal_mocks_and_options_from_the_configuration(tmp_path):
    # `testMocks.absolute.accessModifier: internal` drops `public` (the @Field lines keep theirs, as Apollo writes
    # them); `markTypesNonisolated: false` drops `nonisolated`; `requireNonOptionalMockFields: false` gives every
    # parameter `T? = nil`.
    workspace = tmp_path / "w"
    (workspace / "graphql").mkdir(parents=True)
    for file in (APOLLO_2_GOLDENS / "graphql").iterdir():
        (workspace / "graphql" / file.name).write_bytes(file.read_bytes())
    config = json.loads((APOLLO_2_GOLDENS / "apollo-codegen-config.json").read_text())
    config["output"]["testMocks"] = {"absolute": {"path": "./Mocks", "accessModifier": "internal"}}
    config["options"] = {"markTypesNonisolated": False, "requireNonOptionalMockFields": False}
    (workspace / "apollo-codegen-config.json").write_text(json.dumps(config))
    dog = mockls("mocks", "--workspace", str(workspace), "--format", "swift")
    assert "\nfinal class Dog: MockObject {\n  static let objectType: ApolloAPI.Object = AnimalKingdomAPI.Objects.Dog\n" in dog
    assert "  struct MockFields: Sendable {\n" in dog
    assert '@Field<String>("species") public var species' in dog
    assert "\nextension Mock where O == Dog {\n" in dog and "public extension" not in dog
    assert "    species: String? = nil," in dog and "    height: Mock<Height>? = nil," in dog


def test_several_projects_print_an_array(tmp_path):
    for api in ("StarWarsAPI", "UploadAPI"):
        source = SHARED / "fixtures" / "apollo" / api
        target = tmp_path / api
        (target / "graphql").mkdir(parents=True)
        for file in (source / "graphql").glob("*.graphql*"):
            (target / "graphql" / file.name).write_bytes(file.read_bytes())
        (target / "apollo-codegen-config.json").write_bytes((source / "apollo-codegen-config.json").read_bytes())
    models = json.loads(mockls("mocks", "--workspace", str(tmp_path)))
    assert [m["namespace"] for m in models] == ["StarWarsAPI", "UploadAPI"]


def test_broken_configuration_is_a_usage_error(tmp_path):
    (tmp_path / "apollo-codegen-config.json").write_text('{"input": {}}')
    result = subprocess.run([mockls_binary(), "mocks", "--workspace", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 2
    assert "schemaNamespace" in result.stderr


# The keys of expected-selection-sets.json that mockls models (the others describe generated code in more detail).
SELECTION_SET_KEYS = ["name", "kind", "inlineFragmentKind", "parentType", "parentKind", "isRoot", "rootEntityType",
                      "fragments"]
FIELD_KEYS = ["key", "property", "backticked", "type", "selectionSet", "direct", "condition"]


@pytest.mark.parametrize("api", APIS)
def test_selection_sets_equal_expected(api):
    workspace = SHARED / "fixtures" / "apollo" / api
    actual = {record["path"]: record for record in json.loads(mockls("selection-sets", "--workspace", str(workspace)))}
    expected = {record["path"]: record for record in json.loads((workspace / "expected-selection-sets.json").read_text())}
    assert sorted(actual) == sorted(expected)
    for path, want in expected.items():
        got = actual[path]
        for key in SELECTION_SET_KEYS:
            assert got[key] == want[key], f"{path}.{key}"
        assert [{k: f[k] for k in FIELD_KEYS} for f in got["fields"]] == [{k: f[k] for k in FIELD_KEYS} for f in want["fields"]], path
        assert [(a["accessor"], a["type"], a["optional"]) for a in got["fragmentAccessors"]] == \
            [(a["accessor"], a["type"], a["optional"]) for a in want["fragmentAccessors"]], path
        assert got["inlineFragments"] == [{k: i[k] for k in ("accessor", "type", "path")} for i in want["inlineFragments"]], path
        assert [(t["name"], t["target"], t["resolved"]) for t in got["typealiases"]] == \
            [(t["name"], t["target"], t["resolved"]) for t in want["typealiases"]], path
        if want["initializer"] is not None:
            assert [(p["label"], p["type"], p["default"]) for p in got["initializer"]] == \
                [(p["label"], p["type"], p["default"]) for p in want["initializer"]], path
