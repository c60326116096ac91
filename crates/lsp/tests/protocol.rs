//! The server over an in-memory connection, as a client drives it:
//! initialize, open, change, ask, shut down. What each answer holds is
//! asserted, not only that one came.

use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

struct Client {
    conn: Connection,
    next_id: i32,
    server: Option<std::thread::JoinHandle<Result<(), String>>>,
}

impl Client {
    fn start(init_options: Value, root: Option<&str>) -> Client {
        let (server_side, client_side) = Connection::memory();
        let server = std::thread::spawn(move || vaultwright_lsp::serve(server_side));
        let mut client = Client {
            conn: client_side,
            next_id: 0,
            server: Some(server),
        };
        let root_uri = root.map(|r| format!("file://{r}"));
        client.request(
            "initialize",
            json!({"capabilities": {}, "initializationOptions": init_options, "rootUri": root_uri}),
        );
        client.notify("initialized", json!({}));
        client
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.conn
            .sender
            .send(Message::Notification(n))
            .expect("send");
    }

    /// Sends a request and waits for its response (notifications that
    /// arrive meanwhile are kept for `diagnostics`).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let r = Request::new(id.clone(), method.to_string(), params);
        self.conn.sender.send(Message::Request(r)).expect("send");
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(60))
                .expect("an answer")
            {
                Message::Response(resp) if resp.id == id => {
                    if let Some(e) = resp.error {
                        return json!({"error": e.message});
                    }
                    return resp.result.unwrap_or(Value::Null);
                }
                _ => continue,
            }
        }
    }

    /// The next findings published for `uri`.
    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        loop {
            let m = self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(60))
                .expect("diagnostics");
            if let Message::Notification(n) = m {
                if n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri {
                    return n.params["diagnostics"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                }
            }
        }
    }

    fn open(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}}),
        );
    }

    fn at(uri: &str, line: u32, character: u32) -> Value {
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let result = self.server.take().map(|s| s.join());
        assert!(
            matches!(result, Some(Ok(Ok(())))),
            "the server ends cleanly"
        );
    }
}

const LEVEL: &str = "MAZE:\"test\",' '\nGEOMETRY:center,center\nMAP\n.....\n.....\nENDMAP\nMONSTER:'d',\"jackle\",(1,1)\n";

#[test]
fn a_level_gets_findings_completion_hover_and_a_quick_fix() {
    let mut c = Client::start(Value::Null, None);
    let uri = "file:///tmp/vw-test/test.des";
    c.open(uri, LEVEL);
    let found = c.diagnostics(uri);
    let unknown = found
        .iter()
        .find(|d| d["code"] == "NH0101")
        .expect("the misspelt monster is found");
    assert_eq!(
        unknown["message"],
        "Invalid monster name!  Making random monster."
    );
    assert_eq!(unknown["range"]["start"]["line"], 6);
    assert_eq!(unknown["source"], "vaultwright");

    // Completion inside the string, within class 'd'.
    let list = c.request("textDocument/completion", Client::at(uri, 6, 15));
    let labels: Vec<&str> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert_eq!(labels.first(), Some(&"jackal"), "{labels:?}");
    assert!(list["items"][0]["detail"]
        .as_str()
        .unwrap()
        .contains("monster d"));

    // The quick fix the checker offers rewrites the name.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": unknown["range"], "context": {"diagnostics": []}}),
    );
    let edit = &actions[0]["edit"]["changes"][uri][0];
    assert_eq!(edit["newText"], "jackal", "{actions}");

    // Hover on a map cell.
    let hover = c.request("textDocument/hover", Client::at(uri, 3, 1));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("floor"),
        "{hover}"
    );

    // An edit: the finding goes away.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": {"start": {"line": 6, "character": 13}, "end": {"line": 6, "character": 19}}, "text": "jackal"}]}),
    );
    let found = c.diagnostics(uri);
    assert!(found.iter().all(|d| d["code"] != "NH0101"), "{found:?}");

    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols[0]["name"], "test");
    let folds = c.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(
        folds
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["startLine"] == 2 && f["endLine"] == 5),
        "{folds}"
    );
    let tokens = c.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(tokens["data"].as_array().unwrap().len() > 20);
    c.stop();
}

const VAULT: &str = "NAME: cage\nTAGS: cage_tag\nKMONS: O = orc warrior\nMAP\n.O.\nxOx\nENDMAP\n";
const MAIN: &str = "NAME: main\nSUBVAULT: X : cage_tag\nMAP\nXXX\nENDMAP\n";

#[test]
fn dcss_definitions_and_renames_cross_the_files_of_the_folder() {
    let dir = std::env::temp_dir().join(format!("vw-lsp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    std::fs::write(dir.join("cage.des"), VAULT).expect("written");
    std::fs::write(dir.join("main.des"), MAIN).expect("written");
    let root = dir.to_string_lossy().into_owned();
    let mut c = Client::start(json!({"noGuidelines": true}), Some(&root));
    let main_uri = format!("file://{root}/main.des");
    let cage_uri = format!("file://{root}/cage.des");
    c.open(&main_uri, MAIN);

    let defs = c.request("textDocument/definition", Client::at(&main_uri, 1, 16));
    assert_eq!(defs[0]["uri"], cage_uri.as_str(), "{defs}");
    assert_eq!(defs[0]["range"]["start"]["line"], 1);

    let edit = c.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": main_uri}, "position": {"line": 1, "character": 16}, "newName": "cell_tag"}),
    );
    assert_eq!(
        edit["changes"][&cage_uri][0]["newText"], "cell_tag",
        "{edit}"
    );
    assert_eq!(
        edit["changes"][&main_uri][0]["newText"], "cell_tag",
        "{edit}"
    );

    c.open(&cage_uri, VAULT);
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": cage_uri}, "position": {"line": 4, "character": 1}, "context": {"includeDeclaration": true}}),
    );
    assert_eq!(
        refs.as_array().map(Vec::len),
        Some(3),
        "the key and two cells: {refs}"
    );
    let bad = c.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": cage_uri}, "position": {"line": 4, "character": 1}, "newName": "PQ"}),
    );
    assert!(
        bad["error"]
            .as_str()
            .unwrap_or("")
            .contains("one character"),
        "{bad}"
    );
    c.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_names_file_that_cannot_be_read_is_said_and_the_server_goes_on() {
    let (server_side, client_side) = Connection::memory();
    let server = std::thread::spawn(move || vaultwright_lsp::serve(server_side));
    let init = Request::new(
        RequestId::from(1),
        "initialize".into(),
        json!({"capabilities": {}, "initializationOptions": {"names": ["/nonexistent/names.txt"]}}),
    );
    client_side
        .sender
        .send(Message::Request(init))
        .expect("send");
    let _ = client_side
        .receiver
        .recv_timeout(Duration::from_secs(30))
        .expect("initialized");
    client_side
        .sender
        .send(Message::Notification(Notification::new(
            "initialized".into(),
            json!({}),
        )))
        .expect("send");
    let shown = client_side
        .receiver
        .recv_timeout(Duration::from_secs(30))
        .expect("a message");
    let Message::Notification(n) = shown else {
        panic!("a notification, not {shown:?}");
    };
    assert_eq!(n.method, "window/showMessage");
    assert!(n.params["message"]
        .as_str()
        .unwrap_or("")
        .contains("/nonexistent/names.txt"));
    drop(client_side);
    let _ = server.join();
}

const DUNGEON: &str = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"oracle\" \"O\" @ (5, 5)\nCHAINLEVEL: \"bigrm\" \"oracle\" + (2, 3) 40\n";

#[test]
fn a_dungeon_level_is_not_renamed_to_what_its_quotes_or_its_file_cannot_hold() {
    let mut c = Client::start(Value::Null, None);
    let uri = "file:///tmp/vw-test/dungeon.def";
    c.open(uri, DUNGEON);
    let rename = |c: &mut Client, name: &str| {
        c.request(
            "textDocument/rename",
            json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 10}, "newName": name}),
        )
    };
    let good = rename(&mut c, "delphi");
    assert_eq!(
        good["changes"][uri].as_array().map(Vec::len),
        Some(2),
        "{good}"
    );
    let long = "x".repeat(100_000);
    for bad in [
        "ora\ncle",
        "ora\u{202E}cle",
        "../..",
        "ora\0cle",
        long.as_str(),
    ] {
        let refused = rename(&mut c, bad);
        let why = refused["error"].as_str().unwrap_or("");
        assert!(!why.is_empty(), "{bad:?} was taken: {refused}");
        assert!(why.len() < 200, "{why}");
        assert!(!why.contains(['\n', '\u{202E}', '\0']), "{why:?}");
    }
    c.stop();
}
