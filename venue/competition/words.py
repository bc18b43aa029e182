"""The competition pages' own words in German and English (the language is the staff
page's switch, web_admin.words). What a match is called ("Viertelfinale: Anna gegen
Ben") comes from the table's own texts (tablegame.core.match), so the page, the TV view
and the table's screen say the same."""
from __future__ import annotations

from tablegame.core.match import title
from tablegame.texts import text
from tablegame.words.phrase import said
from web_admin.words import language

WORDS = {
    "de": {
        "competitions": "Turniere", "new": "Neues Turnier", "name": "Name des Turniers",
        "game": "Spiel", "options": "Optionen (TOML, z. B. deckel = 15)", "format": "Modus",
        "knockout": "K.-o.-System (mit Freilosen)", "round_robin": "Jeder gegen jeden",
        "schocken_evening": "Schockabend (Runden an wechselnden Tischen)",
        "entrants": "Teilnehmer: einer je Zeile (Anna · Anna, Carl · Krone A: Anna, Carl)",
        "tables": "Tische", "seeded": "Reihenfolge wie eingegeben (sonst ausgelost)",
        "rounds": "Runden", "size": "Spieler je Tisch", "create": "Auslosen und starten",
        "none_yet": "Noch kein Turnier.", "no_tables": "Noch hat kein Tisch etwas gemeldet.",
        "online": "online", "offline": "offline", "running": "läuft", "finished": "beendet",
        "closed": "abgebrochen", "winner": "Sieger: {name}", "waiting": "wartet auf einen Tisch",
        "playing": "läuft an {table}", "sent": "an {table} geschickt", "bye": "Freilos",
        "walkover": "kampflos", "corrected": "korrigiert von {by}", "replayed": "Unentschieden: "
        "wird neu gespielt", "to_come": "steht noch nicht fest", "open_side": "offen", "standings": "Stand",
        "place": "Platz", "side": "Teilnehmer", "players": "Spieler", "played": "gespielt",
        "won": "gewonnen", "drawn": "unentschieden", "lost": "verloren", "points": "Punkte",
        "lost_games": "verlorene Spiele", "matches": "Spiele", "table": "Tisch",
        "change": "Ändern", "give_walkover": "Kampflos an", "correct": "Ergebnis korrigieren",
        "won_by": "Gewonnen hat", "lost_by": "Verloren hat", "draw": "Unentschieden",
        "move_to": "An Tisch", "move": "Tisch wechseln", "close": "Turnier abbrechen",
        "close_sure": "Wirklich abbrechen?", "tv": "TV-Ansicht", "export": "Stand exportieren",
        "open": "Öffnen", "done": "Erledigt.", "table_refuses": "{table} lehnt ab: {reason}",
        "unreachable": "nicht erreichbar", "now_playing": "Jetzt", "next_up": "Als Nächstes",
        "at_table": "Tisch {table}", "score": "Spielstand",
        # what is wrong (venue.competition.fold.check, making.make, the runner)
        "cp_unknown_change": "Unbekannte Änderung {kind}.",
        "cp_closed": "Das Turnier ist abgebrochen.",
        "cp_no_match": "Kein Spiel {match} in diesem Turnier.",
        "cp_not_a_table": "{table} spielt in diesem Turnier nicht mit; Tische: {tables}.",
        "cp_decided": "{match} ist schon entschieden: stattdessen korrigieren.",
        "cp_sides_unknown": "Wer in {match} spielt, steht noch nicht fest.",
        "cp_bad_side": "Bitte einen der {count} Teilnehmer dieses Spiels wählen.",
        "cp_not_decided": "{match} ist noch nicht entschieden: kampflos geben oder abwarten.",
        "cp_knockout_draw": "Im K.-o.-System gibt es kein Unentschieden.",
        "cp_next_decided": "Das nächste Spiel ({match}) ist schon entschieden: zuerst dort korrigieren.",
        "cp_no_competition": "Kein Turnier {id}.",
        "cp_busy": "Die Turnierverwaltung antwortet nicht: bitte gleich noch einmal.",
        "cp_failed": "Das ging schief (siehe Protokoll); nichts wurde geändert.",
        "cp_unknown_game": "Unbekanntes Spiel {game}; die Tische spielen {games}.",
        "cp_unknown_format": "Unbekannter Modus {format}.",
        "cp_evening_is_schocken": "Ein Schockabend wird Schocken gespielt.",
        "cp_name_long": "Der Name hat höchstens {most} Zeichen.",
        "cp_line_empty_name": "Zeile {line}: ein Name fehlt.",
        "cp_line_bad_name": "Zeile {line}: ein Name mit höchstens {most} sichtbaren Zeichen, bitte.",
        "cp_line_one_player": "Zeile {line}: in diesem Spiel spielt jeder für sich (ein Name je Zeile).",
        "cp_line_twice": "Zeile {line}: {name} spielt schon mit.",
        "cp_same_side_name": "Zwei Teilnehmer heißen gleich.",
        "cp_sides_count": "{count} Teilnehmer: es braucht 2 bis {most}.",
        "cp_no_tables": "Bitte mindestens einen Tisch wählen.",
        "cp_unknown_tables": "Unbekannte Tische: {tables}.",
        "cp_rounds": "Runden 1 bis 20, Spieler je Tisch 2 bis 10.",
        "cp_game_refused": "Das Spiel geht so nicht: {reason}",
        "cp_tables_busy": "Diese Tische spielen schon ein anderes Turnier: {tables}.",
        "cp_options": "Optionen sind TOML (name = Wert): {error}",
        # a league match between two pubs
        "league": "Ligaspiele", "new_league": "Neues Ligaspiel", "season": "Saison",
        "opponent": "Gegner (Name seines Lokals im MQTT, z. B. anker)",
        "my_table": "Unser Tisch",
        "boards_field": "Bretter: eines je Zeile, Heim – Gast (Anna – Ben · Anna, Carl – Ben, Dora)",
        "propose": "Einladen", "invitations": "Einladungen",
        "invited_by": "{home} lädt zum Ligaspiel ein: {game}, {boards} Bretter",
        "accept": "Annehmen", "accept_at": "Spielen an Tisch",
        "waits_for_accept": "wartet auf die Zusage von {away}",
        "agreed": "von beiden Tischen bestätigt", "board_on": "läuft",
        "board_waits": "kommt noch",
        "disagreement": "Die Tische sind sich nicht einig: hier {here}, dort {there}",
        "diverged": "ab Zug {move} verschieden",
        "replay_board": "Brett neu spielen", "unreachable_since": "{venue} nicht erreichbar seit {time}",
        "reachable": "{venue} verbunden", "season_standings": "Saison {season}",
        "team": "Lokal", "boards_won": "Bretter gewonnen", "boards_lost": "Bretter verloren",
        "nobody_loses": "niemand verliert", "loses": "{name} verliert", "wins": "{name} gewinnt",
        "no_league": "Noch kein Ligaspiel.", "both_boards": "Beide Tische",
        "lg_away": "Der Gegner ist ein anderes Lokal (Buchstaben, Ziffern, - oder _), nicht {venue}.",
        "lg_not_split": "{game} lässt sich nicht auf zwei Tische verteilen; Ligaspiele gibt es im Schocken.",
        "lg_no_invitation": "Keine Einladung {id}.",
        "lg_accepted": "Schon angenommen.",
        "lg_not_current": "Brett {board} wird gerade nicht gespielt.",
        "lg_board_line": "Zeile {line}: Heim – Gast, mit einem Strich dazwischen.",
        "lg_boards": "1 bis {most} Bretter, bitte.",
        # the league line (venue.competition.league_line.LeagueLine.trouble)
        "line_login": "Die Ligaleitung: der Broker von {venue} ({address}) lehnt die Anmeldung "
                      "ab – {settings} prüfen.",
        "line_refused": "Die Ligaleitung: der Broker von {venue} ({address}) lehnt ab: {reason}.",
        "line_certificate": "Die Ligaleitung: der Broker von {venue} ({address}) zeigt nicht das "
                            "erwartete Zertifikat – league.ca_file und league.host prüfen.",
        "line_down": "Die Ligaleitung: der Broker von {venue} ({address}) ist seit {time} nicht "
                     "erreichbar; sie versucht es weiter.",
    },
    "en": {
        "competitions": "Competitions", "new": "New competition", "name": "Competition's name",
        "game": "Game", "options": "Options (TOML, e.g. deckel = 15)", "format": "Format",
        "knockout": "Knockout (with byes)", "round_robin": "Round robin",
        "schocken_evening": "Schocken evening (rounds at changing tables)",
        "entrants": "Entrants: one a line (Anna · Anna, Carl · Krone A: Anna, Carl)",
        "tables": "Tables", "seeded": "Order as entered (else drawn)",
        "rounds": "Rounds", "size": "Players a table", "create": "Draw and start",
        "none_yet": "No competition yet.", "no_tables": "No table has reported yet.",
        "online": "online", "offline": "offline", "running": "running", "finished": "finished",
        "closed": "called off", "winner": "Winner: {name}", "waiting": "waits for a table",
        "playing": "on at {table}", "sent": "sent to {table}", "bye": "bye",
        "walkover": "walkover", "corrected": "corrected by {by}", "replayed": "Drawn: played again",
        "to_come": "to come", "open_side": "to come", "standings": "Standings",
        "place": "Place", "side": "Entrant", "players": "Players", "played": "played",
        "won": "won", "drawn": "drawn", "lost": "lost", "points": "points",
        "lost_games": "games lost", "matches": "Matches", "table": "Table",
        "change": "Change", "give_walkover": "Walkover to", "correct": "Correct the result",
        "won_by": "Won by", "lost_by": "Lost by", "draw": "Draw",
        "move_to": "To table", "move": "Change tables", "close": "Call off the competition",
        "close_sure": "Really call it off?", "tv": "TV view", "export": "Export the standings",
        "open": "Open", "done": "Done.", "table_refuses": "{table} refuses: {reason}",
        "unreachable": "unreachable", "now_playing": "Now", "next_up": "Next",
        "at_table": "Table {table}", "score": "Score",
        "cp_unknown_change": "Unknown change {kind}.",
        "cp_closed": "The competition was called off.",
        "cp_no_match": "No match {match} in this competition.",
        "cp_not_a_table": "{table} takes no part in this competition; tables: {tables}.",
        "cp_decided": "{match} is decided already: correct it instead.",
        "cp_sides_unknown": "Who plays in {match} is not known yet.",
        "cp_bad_side": "Please choose one of the {count} entrants of this match.",
        "cp_not_decided": "{match} is not decided yet: give a walkover or wait.",
        "cp_knockout_draw": "A knockout has no draws.",
        "cp_next_decided": "The next match ({match}) is decided already: correct that first.",
        "cp_no_competition": "No competition {id}.",
        "cp_busy": "The competitions do not answer: please try again in a moment.",
        "cp_failed": "That went wrong (see the log); nothing was changed.",
        "cp_unknown_game": "Unknown game {game}; the tables play {games}.",
        "cp_unknown_format": "Unknown format {format}.",
        "cp_evening_is_schocken": "A Schocken evening is played at Schocken.",
        "cp_name_long": "The name has at most {most} characters.",
        "cp_line_empty_name": "Line {line}: a name is missing.",
        "cp_line_bad_name": "Line {line}: a name of at most {most} visible characters, please.",
        "cp_line_one_player": "Line {line}: everyone plays alone at this game (one name a line).",
        "cp_line_twice": "Line {line}: {name} is playing already.",
        "cp_same_side_name": "Two entrants have the same name.",
        "cp_sides_count": "{count} entrants: it takes 2 to {most}.",
        "cp_no_tables": "Please choose one table at least.",
        "cp_unknown_tables": "Unknown tables: {tables}.",
        "cp_rounds": "Rounds 1 to 20, players a table 2 to 10.",
        "cp_game_refused": "The game cannot be played so: {reason}",
        "cp_tables_busy": "These tables play another competition already: {tables}.",
        "cp_options": "Options are TOML (name = value): {error}",
        "league": "League matches", "new_league": "New league match", "season": "Season",
        "opponent": "Opponent (its venue's MQTT name, e.g. anker)",
        "my_table": "Our table",
        "boards_field": "Boards: one a line, home – away (Anna – Ben · Anna, Carl – Ben, Dora)",
        "propose": "Invite", "invitations": "Invitations",
        "invited_by": "{home} invites you to a league match: {game}, {boards} boards",
        "accept": "Accept", "accept_at": "Play at table",
        "waits_for_accept": "waits for {away} to accept",
        "agreed": "agreed by both tables", "board_on": "on",
        "board_waits": "to come",
        "disagreement": "The tables disagree: here {here}, there {there}",
        "diverged": "different from move {move}",
        "replay_board": "Play the board again", "unreachable_since": "{venue} unreachable since {time}",
        "reachable": "{venue} connected", "season_standings": "Season {season}",
        "team": "Venue", "boards_won": "boards won", "boards_lost": "boards lost",
        "nobody_loses": "nobody loses", "loses": "{name} loses", "wins": "{name} wins",
        "no_league": "No league match yet.", "both_boards": "Both tables",
        "lg_away": "The opponent is another venue (letters, digits, - or _), not {venue}.",
        "lg_not_split": "{game} cannot be split over two tables; league matches are played at Schocken.",
        "lg_no_invitation": "No invitation {id}.",
        "lg_accepted": "Accepted already.",
        "lg_not_current": "Board {board} is not being played now.",
        "lg_board_line": "Line {line}: home – away, with a dash between.",
        "lg_boards": "1 to {most} boards, please.",
        "line_login": "The league line: {venue}'s broker ({address}) refuses the login – "
                      "check {settings}.",
        "line_refused": "The league line: {venue}'s broker ({address}) refuses: {reason}.",
        "line_certificate": "The league line: {venue}'s broker ({address}) does not show the "
                            "certificate expected – check league.ca_file and league.host.",
        "line_down": "The league line: {venue}'s broker ({address}) not reached since {time}; "
                     "it keeps trying.",
    },
}


def cword(key: str, /, language_: str | None = None, **values) -> str:
    chosen = language_ or language()
    values = {k: said(chosen, v) for k, v in values.items()}
    return WORDS[chosen][key].format(**values)


def problem_words(problem: tuple[str, dict], language_: str | None = None) -> str:
    key, values = problem
    return cword(key, language_, **values)


def match_words(match, language_: str | None = None) -> str:
    """"Viertelfinale: Anna gegen Ben", as the table's screen says it."""
    return title(match, language_ or language())


def stage_words(stage: str, number: int, language_: str | None = None) -> str:
    return text(language_ or language(), f"match_{stage}", number=number)
