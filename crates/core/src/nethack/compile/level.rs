//! A level as a whole: its name and header, its body by kind, and the checks and bookkeeping when it ends.

use super::*;

impl Compiler<'_> {
    /// The checks on a level's name, which joins `names_seen`.
    pub(super) fn level_name(&mut self, level: &Level, names_seen: &mut Vec<String>) {
        let name = &level.name.text;
        let line = level.line;
        if level.name.span.is_empty() {
            return;
        }
        if name.contains('.') {
            self.error("Invalid dot ('.') in level name.", level.name.span, line);
        }
        if name.len() > 8 {
            self.error(
                "Level names limited to 8 characters.",
                level.name.span,
                line,
            );
        }
        if let Some(why) = vaultwright_model::file_name::problem(name) {
            self.own_error(
                code::BAD_FILE_NAME,
                format!("level name cannot be used as a file name: {why}"),
                level.name.span,
            );
        }
        if names_seen.contains(name) {
            self.diagnostics.push(
                Diagnostic::warning(
                    code::DUPLICATE_LEVEL,
                    format!("a level named \"{name}\" was already defined in this file"),
                    level.name.span,
                )
                .with_note("the second level overwrites the first one's file"),
            );
        }
        names_seen.push(name.clone());
    }

    /// The file's header fields from the level's fill character, flags,
    /// `INIT_MAP` and messages; with the fill code and whether there is an
    /// `INIT_MAP`.
    pub(super) fn level_header(&mut self, level: &Level) -> (LevelFile, i8, bool) {
        let d = self.d;
        let mut file = LevelFile {
            header: d.header,
            kind: if level.kind == LevelKind::Maze { 2 } else { 1 },
            ..LevelFile::default()
        };
        let mut filling = -1i8;
        if let Some((c, span)) = level.filling {
            filling = match d.map_char(c) {
                Some(t) => t,
                None => {
                    self.warning(
                        "Invalid fill character in MAZE declaration",
                        span,
                        level.line,
                    );
                    -1
                }
            };
        }
        if let Some(Stmt {
            kind: StmtKind::Flags(f),
            ..
        }) = &level.flags
        {
            file.flags = *f as i64;
        }
        let mut init_present = false;
        if let Some(stmt) = &level.init {
            if let Some(init) = self.init_map(stmt) {
                init_present = true;
                file.init = init;
            }
        }
        file.message = self.messages(level);
        (file, filling, init_present)
    }

    /// The header's `INIT_MAP` fields; `None` when `stmt` is not one.
    fn init_map(&mut self, stmt: &Stmt) -> Option<[i8; 8]> {
        let d = self.d;
        let StmtKind::InitMap(InitMap {
            fg,
            bg,
            smoothed,
            joined,
            lit,
            walled,
        }) = stmt.kind
        else {
            return None;
        };
        let fgt = d.map_char(fg);
        if fgt.is_none() {
            self.error("Invalid foreground type.", stmt.span, stmt.line);
        }
        let bgt = d.map_char(bg);
        if bgt.is_none() {
            self.error("Invalid background type.", stmt.span, stmt.line);
        }
        if !d.is_32() && joined != 0 && fg != b'.' && fg != b'#' {
            self.error(
                "Invalid foreground type for joined map.",
                stmt.span,
                stmt.line,
            );
            if let Some(last) = self.diagnostics.last_mut() {
                last.notes
                    .push("a joined INIT_MAP needs `.` or `#` as its foreground".into());
            }
        }
        Some([
            1,
            0,
            fgt.unwrap_or(-1),
            bgt.unwrap_or(-1),
            smoothed as i8,
            joined as i8,
            lit as i8,
            walled as i8,
        ])
    }

    /// The level's messages joined by newlines, each that still fits.
    fn messages(&mut self, level: &Level) -> Vec<u8> {
        let mut message: Vec<u8> = Vec::new();
        for m in &level.messages {
            if let StmtKind::Message(text) = &m.kind {
                let i = text.text.len() + 1;
                let j = message.len();
                if i + j > 255 {
                    self.error("Message string too long (>256 characters)", m.span, m.line);
                } else {
                    if j > 0 {
                        message.push(b'\n');
                    }
                    message.extend_from_slice(text.text.as_bytes());
                }
            }
        }
        message
    }

    /// The level's statements, and the file's body from them.
    pub(super) fn level_body(
        &mut self,
        level: &Level,
        lb: &mut LevelBuild,
        file: &mut LevelFile,
        filling: i8,
    ) {
        match level.kind {
            LevelKind::Maze => {
                for stmt in &level.body {
                    self.maze_stmt(lb, stmt);
                }
                let (count, carried) = (lb.parts.len(), self.carried.parts);
                self.table_limit(
                    code::TOO_MANY_PARTS,
                    "map parts",
                    count,
                    carried,
                    10,
                    level.span,
                );
                file.body = Body::Maze {
                    filling,
                    parts: std::mem::take(&mut lb.parts),
                };
            }
            LevelKind::Room => {
                for stmt in &level.body {
                    self.room_stmt(lb, stmt);
                }
                let (count, carried) = (lb.rooms.len(), self.carried.rooms);
                self.table_limit(
                    code::TOO_MANY_ROOMS,
                    "rooms",
                    count,
                    carried,
                    80,
                    level.span,
                );
                lb.room_body.rooms = std::mem::take(&mut lb.rooms);
                file.body = Body::Rooms(std::mem::take(&mut lb.room_body));
            }
        }
    }

    /// A level with errors in the file so far: the original writes
    /// nothing, keeps its tables (they pile up for the next levels), and
    /// says so unless a syntax error already stopped it.
    pub(super) fn level_not_written(&mut self, level: &Level, lb: &LevelBuild, file: &LevelFile) {
        match &file.body {
            Body::Maze { parts, .. } => self.carried.parts += parts.len(),
            Body::Rooms(body) => {
                self.carried.rooms += body.rooms.len();
                self.carried.corridors = if lb.random_corridors {
                    body.corridors.len()
                } else {
                    self.carried.corridors + body.corridors.len()
                };
            }
        }
        if self.stopped {
            return;
        }
        let mut d = Diagnostic::note_at(
            code::ERRORS_DETECTED,
            format!("{} errors detected. No output created!", self.fatal),
            level.name.span,
        );
        d.original = true;
        self.diagnostics.push(d);
    }

    /// Every subroom's parent exists and has at most 24 subrooms; checked
    /// only when all else was fine. False after an error.
    pub(super) fn subroom_parents(
        &mut self,
        level: &Level,
        lb: &LevelBuild,
        body: &RoomBody,
    ) -> bool {
        let mut ok = true;
        let last_line = level
            .body
            .iter()
            .chain(level.messages.iter())
            .map(|s| s.line)
            .max()
            .unwrap_or(level.line);
        for (i, room) in body.rooms.iter().enumerate() {
            if room.parent.is_empty() {
                continue;
            }
            let found = body.rooms.iter().any(|r| r.name == room.parent);
            let span = lb.room_spans.get(i).copied().unwrap_or(level.span);
            if !found {
                self.error(
                    format!(
                        "Subroom error : parent room '{}' not found!",
                        String::from_utf8_lossy(&room.parent)
                    ),
                    span,
                    last_line,
                );
                ok = false;
            } else if body
                .rooms
                .iter()
                .filter(|r| r.parent == room.parent)
                .count()
                > 24
            {
                self.own_error(
                    code::TOO_MANY_SUBROOMS,
                    "more than 24 subrooms in one room",
                    span,
                );
                ok = false;
            }
        }
        ok
    }

    /// The game's `create_object` puts a `contained` object into the last
    /// container it created (a static pointer it never resets): an object
    /// `contained` before any container of its level goes into a
    /// container of an earlier level, or, when the game has made none
    /// yet, gets "create_object: no container" and lies on the floor. The
    /// original compiles it silently. Objects are created part by part
    /// (maze), or room by room with a room's subrooms filled before the
    /// room itself.
    pub(super) fn contents_without_container(&mut self, sites: &[ObjectSite], rooms: &[RoomRec]) {
        if !sites.iter().any(|o| o.containment == 1) {
            return;
        }
        let order: Vec<usize> = if rooms.is_empty() {
            (0..sites.len()).collect()
        } else {
            let mut by_room: Vec<Vec<usize>> = vec![Vec::new(); rooms.len()];
            for (i, o) in sites.iter().enumerate() {
                if let Some(list) = by_room.get_mut(o.owner) {
                    list.push(i);
                }
            }
            room_creation_order(rooms)
                .into_iter()
                .flat_map(|r| std::mem::take(&mut by_room[r]))
                .collect()
        };
        let mut container = false;
        for i in order {
            let Some(site) = sites.get(i) else {
                continue;
            };
            match site.containment {
                2 => container = true,
                1 if !container => {
                    let mut d = Diagnostic::warning(
                        code::NO_CONTAINER,
                        "contained object with no container before it in this level",
                        site.span,
                    )
                    .with_note(
                        "the game puts a `contained` object into the container it created \
                         last: with none yet in this level it uses one left from an earlier \
                         level, or reports \"create_object: no container\" and leaves the \
                         object on the floor at a random place",
                    );
                    let earlier_in_file = sites.iter().take(i).any(|o| o.containment == 2);
                    d.notes.push(if earlier_in_file {
                        "a CONTAINER comes before it in the file, but in a room the game \
                         fills subrooms before their room: that container is made after \
                         this object"
                            .into()
                    } else {
                        "put it after the CONTAINER statement it belongs in".into()
                    });
                    self.diagnostics.push(d);
                }
                _ => {}
            }
        }
    }
}
