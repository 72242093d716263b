"""The class room, as plain data: a teacher leads a room of anonymous students through one row's fill
and asks them questions the solver answers. No storage and no HTTP here (ui/server/rooms/ holds those).

Vocabulary:
    code        the room's public join code: CODE_LENGTH characters of ALPHABET (no 0/O, 1/I/L)
    secret      the teacher's key, SECRET_BYTES random bytes; only its SHA-256 hex digest is kept
    join        the room's join token, in its link and QR code (never in the typed code): a proof that passes
                the guessing limit, derived from the secret (join_token), shown to the teacher only
    lead        the teacher's stream id, derived from the secret (lead_id): it proves the projector's event
                stream as a student's id proves theirs, is no seat, and lets nothing be led
    pace        the joins one address may make in one room: a burst at once, then a steady rate (Pace); typed
                codes get a small one, the link a class-sized one
    student     an anonymous id the server issues on join; no names and no free text, ever
    status      a student's "following" (the stage follows the teacher) or "exploring" (on their own)
    stage       what the teacher shows: values, k, form, step, playing, speed
    version     a counter bumped by every change to a room, so a follower can tell new from seen
    question    a kind asked at the step on stage: "take", "opponent", "dp" (about the pile i that a
                dp step writes), "winner", or "write" (the loop body of the fill, as code, on the row on
                stage when asked); its state goes open -> locked -> revealed
    answer      one value per student per question, changeable while the question is open; for "write"
                the group the student's code falls in (WRITE_GROUPS: what its table does on the row, never
                the code itself), with one anonymous example of each group's code kept for the teacher
    touched     the time of the teacher's last action; a room expires ROOM_TTL seconds after it

Errors are RoomError subclasses whose message is written for a person; `reason` names the kind for
the routes (which turn it into an HTTP status) and for the UI (which words it in the page's language).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import os
import random
import re
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import chain
from typing import Any, Literal, get_args

from stonegame.solver import Solution, solve
from stonegame.terms import FORMS, TAKES, WINNERS, Form
from stonegame.write.mistakes import MISTAKES

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a projector and typed on a phone
CODE_LENGTH = 6  # 31**6 ≈ 8.9e8 codes: guessing is what the routes' rate limit is for
SECRET_BYTES = 24  # 192 random bits (the issue asks for at least 128)
ROOM_TTL = 4 * 3600.0  # seconds without a teacher action before a room expires
# seconds after the teacher's last action that an ended or expired room is still kept (as ended) before the
# sweep deletes it: a phone that wakes the next day is told its class ended (410, its stream's last view),
# which is no wrong code, instead of a 404 its reconnects would count against the school's address
ROOM_KEPT = ROOM_TTL + 24 * 3600.0
MAX_PILES = 200  # a room's row travels whole to every student's stage (the stage's own limit)
PILE_LIMIT = 1000  # each value in -PILE_LIMIT .. PILE_LIMIT, as the parser allows
DEFAULT_STUDENTS = 200  # per room (STONEGAME_ROOM_STUDENTS)
DEFAULT_ROOMS = 100  # open rooms in one store (STONEGAME_ROOMS_OPEN)
IDLE_SECONDS = 60.0  # a seat that never opened a stream nor answered this long is given to a new joiner of a full room
SPEED_TICKS = (
    20,
    10,
    5,
    3,
)  # the player's speeds, tenths of a second per frame (draw.player.SPEEDS; a test keeps them equal)

Kind = Literal["take", "opponent", "dp", "winner", "write"]
Status = Literal["following", "exploring"]
State = Literal["open", "locked", "revealed"]
KINDS: tuple[Kind, ...] = get_args(Kind)
STATUSES: tuple[Status, ...] = get_args(Status)
STATES: tuple[State, ...] = get_args(State)
Answer = int | str  # a whole number, a Winner for "winner", or a group of WRITE_GROUPS for "write"
MAX_WRITE = 2048  # bytes (UTF-8) of code one phone may send as its answer to "write"
# what a "write" answer's table does on the question's row: right, one of the named mistakes the write page
# knows (stonegame.write.mistakes.MISTAKES), another wrong table, or code that is refused or does not finish
WRITE_GROUPS: tuple[str, ...] = ("right", *MISTAKES, "other", "refused")

_CODE = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")
_STUDENT = re.compile(r"[A-Za-z0-9_-]{16,64}")


# --- errors ------------------------------------------------------------------------------------


class RoomError(ValueError):
    """A refusal with a message for a person; `reason` names its kind."""

    reason = "bad_request"


class UnknownRoom(RoomError):
    """No open room has this code (never created, ended, or expired)."""

    reason = "unknown_room"


class Ended(RoomError):
    """The room was ended by its teacher, or expired, and is still kept (until the sweep): a final answer,
    never a wrong code. `view` is what its followers see last: its public view, marked ended."""

    reason = "ended"

    def __init__(self, message: str, view: Mapping[str, Any]) -> None:
        super().__init__(message)
        self.view = dict(view)


class WrongSecret(RoomError):
    """The teacher secret does not match the room's."""

    reason = "wrong_secret"


class UnknownStudent(RoomError):
    """The student id was never issued in this room."""

    reason = "unknown_student"


class UnknownQuestion(RoomError):
    """The room has no question of this number."""

    reason = "unknown_question"


class TooLong(RoomError):
    """A "write" answer of more than MAX_WRITE bytes; `size` is its size in bytes."""

    reason = "answer_too_long"

    def __init__(self, message: str, size: int) -> None:
        super().__init__(message)
        self.size = size


class NotRun(RoomError):
    """A "write" answer given without its group: the caller runs the code first (never under the room's
    lock) and answers again with the group."""

    reason = "not_run"


class Closed(RoomError):
    """The question is locked or revealed, or the move between states is not allowed."""

    reason = "closed"


class Full(RoomError):
    """A limit is reached: students in a room, or open rooms in the store."""

    reason = "full"


class WrongJoin(RoomError):
    """The join token is not the room's (a link of another class, or a forged one)."""

    reason = "wrong_join"


class Paced(RoomError):
    """One address joined this room too often too fast (its Pace); `wait` is the seconds until the next seat."""

    reason = "too_many_joins"

    def __init__(self, message: str, wait: float) -> None:
        super().__init__(message)
        self.wait = wait


# --- limits ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pace:
    """The joins one address may make in one room: `burst` at once, then `per_minute` more a minute (a
    token bucket, kept in the room so every replica shares it and each join counts under its lock)."""

    burst: int
    per_minute: float


TYPED = Pace(40, 12)  # a typed code: a class of 40 typing at once, then one every 5 s
DEFAULT_AT_ONCE = (
    250  # the link or QR code: 250 at once (a hall per replica's streams), then 250 a minute (STONEGAME_JOINS_AT_ONCE)
)


@dataclass(frozen=True)
class Limits:
    """How many students one room admits, how many rooms may be open at once in one store, and the pace
    of the joins one address makes in a room by a typed code and by the link."""

    students: int = DEFAULT_STUDENTS
    rooms: int = DEFAULT_ROOMS
    typed: Pace = TYPED
    linked: Pace = Pace(DEFAULT_AT_ONCE, DEFAULT_AT_ONCE)


def limits_from_env(env: Mapping[str, str] = os.environ) -> Limits:
    """Limits from STONEGAME_ROOM_STUDENTS, STONEGAME_ROOMS_OPEN and STONEGAME_JOINS_AT_ONCE (positive whole
    numbers; the last is the link's burst and its rate a minute), else the defaults."""
    at_once = _positive(env, "STONEGAME_JOINS_AT_ONCE", DEFAULT_AT_ONCE)
    return Limits(
        students=_positive(env, "STONEGAME_ROOM_STUDENTS", DEFAULT_STUDENTS),
        rooms=_positive(env, "STONEGAME_ROOMS_OPEN", DEFAULT_ROOMS),
        linked=Pace(at_once, at_once),
    )


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    """The variable as a positive whole number, its default if unset; ValueError naming it if it is not one."""
    text = env.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{name} must be a positive whole number, not {text!r}.")
    return int(text)


# --- codes, secrets and ids --------------------------------------------------------------------


def new_code() -> str:
    """A join code: CODE_LENGTH characters of ALPHABET drawn with `secrets`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: str) -> str:
    """The join code as typed (any case, spaces and dashes ignored), upper case; RoomError if it is not one."""
    code = re.sub(r"[\s-]", "", text).upper()
    if not _CODE.fullmatch(code):
        raise RoomError(f"A join code is {CODE_LENGTH} letters and digits, like {ALPHABET[:3]}{ALPHABET[-3:]}.")
    return code


def new_secret() -> str:
    """A teacher secret: SECRET_BYTES random bytes, URL-safe base64."""
    return secrets.token_urlsafe(SECRET_BYTES)


def secret_hash(secret: str) -> str:
    """The SHA-256 hex digest of the secret: all a store keeps of it."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(secret: str, digest: str) -> bool:
    """Whether the secret hashes to the digest, compared in constant time."""
    return hmac.compare_digest(secret_hash(secret), digest)


def _derived(secret: str, label: str) -> str:
    """HMAC-SHA256 of the label under the secret, URL-safe base64 without padding (43 characters): from it
    no one can work out the secret, nor another label's value."""
    mac = hmac.new(secret.encode("utf-8"), label.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")


def join_token(secret: str) -> str:
    """The room's join token, for its link and QR code: 256 bits derived from the teacher's secret (so the
    teacher's page makes the link without asking the store)."""
    return _derived(secret, "join")


def lead_id(secret: str) -> str:
    """The teacher's stream id (the shape of a student id): derived from the teacher's secret, it goes in
    the projector's stream URL, where the secret never goes."""
    return _derived(secret, "lead")[:22]


def new_student() -> str:
    """An anonymous student id: 16 random bytes, URL-safe base64 (22 characters)."""
    return secrets.token_urlsafe(16)


def read_student(text: object) -> str:
    """The student id as sent; RoomError unless it has the shape new_student gives."""
    if not isinstance(text, str) or not _STUDENT.fullmatch(text):
        raise UnknownStudent("This student id was not issued here: join the class again.")
    return text


# --- the stage ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stage:
    """What the teacher shows: the row, k, the formulation, the step, playing or not, and the speed
    (the player's ticks per frame, one of SPEED_TICKS)."""

    values: tuple[int, ...]
    k: int = 3
    form: Form = "total"
    step: int = 0
    playing: bool = False
    speed: int = 10

    @property
    def last_step(self) -> int:
        """The verdict's step, 2n+1."""
        return 2 * len(self.values) + 1


def read_stage(data: Mapping[str, Any], base: Stage | None = None) -> Stage:
    """A Stage from a JSON object: each field given replaces base's (all but values default without a
    base); RoomError naming the first field that is missing, of the wrong type or out of range."""
    fields = {} if base is None else asdict(base)
    known = {"values", "k", "form", "step", "playing", "speed"}
    fields.update({key: data[key] for key in known if key in data})
    if "values" not in fields:
        raise RoomError("A room needs a row: values, a list of whole numbers.")
    stage = Stage(
        values=_values(fields["values"]),
        k=_choice(fields.get("k", 3), tuple(TAKES), "k"),
        form=_choice(fields.get("form", "total"), FORMS, "form"),
        playing=_boolean(fields.get("playing", False), "playing"),
        speed=_choice(fields.get("speed", 10), SPEED_TICKS, "speed"),
    )
    step = fields.get("step", 0)
    if "step" not in data and isinstance(step, int):
        step = min(step, stage.last_step)  # a shorter row keeps the step where it can, not an error
    return replace(stage, step=_whole(step, 0, stage.last_step, "step"))


def _values(raw: object) -> tuple[int, ...]:
    """The row as a tuple of 1..MAX_PILES whole numbers in ±PILE_LIMIT; RoomError otherwise."""
    if not isinstance(raw, list | tuple) or not 1 <= len(raw) <= MAX_PILES:
        raise RoomError(f"values must be a list of 1 to {MAX_PILES} whole numbers.")
    return tuple(_whole(v, -PILE_LIMIT, PILE_LIMIT, "a value") for v in raw)


def _whole(raw: object, low: int, high: int, name: str) -> int:
    """raw if it is a whole number (not a bool) in low..high; RoomError naming it otherwise."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise RoomError(f"{name} must be a whole number from {low} to {high}, not {raw!r}.")
    return raw


def _choice(raw: Any, allowed: tuple[Any, ...], name: str) -> Any:
    """raw if it is one of allowed (a bool never counts as a number); RoomError naming it otherwise."""
    if isinstance(raw, bool) or raw not in allowed:
        raise RoomError(f"{name} must be one of {', '.join(map(str, allowed))}, not {raw!r}.")
    return raw


def _boolean(raw: object, name: str) -> bool:
    """raw if it is true or false; RoomError naming it otherwise."""
    if not isinstance(raw, bool):
        raise RoomError(f"{name} must be true or false, not {raw!r}.")
    return raw


# --- questions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """A question asked at a step: its number in the room, kind, step, the pile it is about (0 for the
    winner), its state, the answer the solver gives, every answer that counts as right, the range its
    numbers lie in (low..high; 0..0 for "winner"), and the choices a phone shows as buttons (always
    holding every accepted answer; the only answers read_answer takes). The choices of "take" (1..the
    takes left) and "winner" (Alice, Bob, Tie) keep their natural order: they are labels to read, not a
    layout to guess; number_choices shuffles those of "opponent" and "dp". A "write" question keeps the
    row and k it was asked on (`values`, `k`: its answers are run on them even if the stage moves on);
    its choices are WRITE_GROUPS, which no phone taps: the server puts an answer's code in one."""

    number: int
    kind: Kind
    step: int
    pile: int
    state: State
    expected: Answer
    accepted: tuple[Answer, ...]
    low: int = 0
    high: int = 0
    choices: tuple[Answer, ...] = ()
    values: tuple[int, ...] = ()
    k: int = 0


def pile_of_step(n: int, step: int) -> int | None:
    """The pile i that a dp step writes (steps n+1 .. 2n write dp[n-1] .. dp[0]); None for other steps."""
    return 2 * n - step if n < step <= 2 * n else None


def ask(stage: Stage, kind: Kind, number: int, seed: str) -> Question:
    """An open question of this kind at the stage's step, answered by stonegame.solve: the best take at
    the step's pile (every take as good as the solver's counts), the least the opponent is left with,
    dp[i], or the winner (at any step). A number question's buttons are number_choices over the kind's
    likely mistakes, in the order `seed` draws (a room passes question_seed). RoomError for a pile's
    kind at a step that writes no dp[i]."""
    kind = _choice(kind, KINDS, "kind")
    sol = solve(list(stage.values), stage.k)
    if kind == "winner":
        return Question(number, kind, stage.step, 0, "open", sol.winner, (sol.winner,), choices=WINNERS)
    if kind == "write":
        return Question(
            number,
            kind,
            stage.step,
            0,
            "open",
            "right",
            ("right",),
            choices=WRITE_GROUPS,
            values=stage.values,
            k=stage.k,
        )
    i = pile_of_step(sol.n, stage.step)
    if i is None:
        raise RoomError(f"Ask about a pile at a step that writes dp[i]: steps {sol.n + 1} to {2 * sol.n}.")
    reach = range(i + 1, min(i + stage.k, sol.n) + 1)  # the positions j one take from i can reach
    if kind == "take":
        good = tuple(j - i for j in reach if sol.suffix[i] - sol.dp[j] == sol.dp[i])
        takes = tuple(range(1, len(reach) + 1))
        return Question(number, kind, stage.step, i, "open", sol.take[i], good, 1, len(reach), takes)
    bound = sum(abs(v) for v in stage.values)  # |dp[j]| never exceeds the sum of |values|
    expected = min(sol.dp[j] for j in reach) if kind == "opponent" else sol.dp[i]
    mistakes = opponent_mistakes(sol, i, reach) if kind == "opponent" else dp_mistakes(sol, i, reach)
    shown = number_choices(expected, mistakes, -bound, bound, seed)
    return Question(number, kind, stage.step, i, "open", expected, (expected,), -bound, bound, shown)


def dp_mistakes(sol: Solution, i: int, reach: range) -> list[int]:
    """Wrong answers to "what is dp[i]?", the likeliest first: max taken for min (suffix[i] minus the
    largest dp[j]: the worst take's value), the best take's raw dp[j] (the opponent's share, not
    suffix[i] - dp[j]), suffix[i] (nothing left to the opponent), 0; then the other takes' values
    suffix[i] - dp[j], their raw dp[j], and the best take's own piles (what it collects at once, the
    greedy answer). Some may repeat or equal the answer: number_choices keeps the distinct wrong ones."""
    best = i + sol.take[i]
    others = [j for j in reach if j != best]
    return [
        sol.suffix[i] - max(sol.dp[j] for j in reach),
        sol.dp[best],
        sol.suffix[i],
        0,
        *(sol.suffix[i] - sol.dp[j] for j in others),
        *(sol.dp[j] for j in others),
        sol.suffix[i] - sol.suffix[best],
    ]


def opponent_mistakes(sol: Solution, i: int, reach: range) -> list[int]:
    """Wrong answers to "what is the opponent left with?", the likeliest first: max taken for min (the
    largest dp[j]), the other takes' dp[j], the mover's own total dp[i] (= suffix[i] - the least dp[j]:
    whose share is whose mixed up), every pile left after the best take (suffix[j], as if the opponent
    took them all), 0; then what the mover would collect from there (suffix[j] - dp[j]) and suffix[i].
    Some may repeat or equal the answer: number_choices keeps the distinct wrong ones."""
    best = i + sol.take[i]
    return [
        max(sol.dp[j] for j in reach),
        *(sol.dp[j] for j in reach if j != best),
        sol.dp[i],
        sol.suffix[best],
        0,
        sol.suffix[best] - sol.dp[best],
        sol.suffix[i],
    ]


CHOICES = 4  # a number question's buttons: the answer and the likeliest mistakes, padded to this many


def number_choices(expected: int, mistakes: Sequence[int], low: int, high: int, seed: str) -> tuple[int, ...]:
    """The buttons of a number question, drawn by random.Random(seed) (the same on every phone and replica:
    a str seed is hashed with SHA-512, never the salted hash()): first how many of the CHOICES - 1 wrong
    buttons lie below the answer (uniform over 0..CHOICES - 1, so the answer is the smallest, the largest or
    between as often), then each side filled by _side (its likeliest mistakes first), the other side making
    up for one that has no room in low..high; then all shuffled, the answer's place uniform over the buttons
    (a sorted rest would show where the answer went). Fewer only when low..high is shorter."""
    rng = random.Random(seed)
    below_wanted = rng.randrange(CHOICES)
    wrong = [m for m in dict.fromkeys(mistakes) if low <= m <= high and m != expected]
    below = _side(expected, wrong, low, expected - 1, below_wanted)
    above = _side(expected, wrong, expected + 1, high, CHOICES - 1 - len(below))
    if len(below) + len(above) < CHOICES - 1:  # the side above has no room for its share: the side below
        below = _side(expected, wrong, low, expected - 1, CHOICES - 1 - len(above))
    offered = [expected, *below, *above]
    rng.shuffle(offered)
    return tuple(offered)


def _side(expected: int, wrong: Sequence[int], low: int, high: int, count: int) -> list[int]:
    """Up to `count` distinct values in low..high (one side of the answer): the mistakes that lie there,
    likeliest first, then the mistakes mirrored through the answer (2 * expected - m: as far from it, on
    this side), then the numbers nearest the answer."""
    if count <= 0 or low > high:
        return []
    mirrored = (2 * expected - m for m in wrong)
    nearest = range(high, low - 1, -1) if high < expected else range(low, high + 1)
    found: list[int] = []
    for value in chain(wrong, mirrored, nearest):
        if len(found) == count:
            break
        if low <= value <= high and value not in found:
            found.append(value)
    return found


def read_code_answer(raw: object) -> str:
    """The code a phone sent as its answer to "write": a text of at most MAX_WRITE bytes in UTF-8; TooLong
    (saying its size) above that, RoomError for anything that is not a text."""
    if not isinstance(raw, str):
        raise RoomError("answer must be the code of the loop body, as text.")
    size = len(raw.encode("utf-8", "replace"))
    if size > MAX_WRITE:
        raise TooLong(f"The code is {size} bytes: an answer may have at most {MAX_WRITE} bytes.", size)
    return raw


def read_answer(question: Question, raw: object) -> Answer:
    """The student's answer if it is one of the buttons the question offers, of its type (neither True
    nor 1.0 passes for 1); RoomError listing them otherwise. A question stored before choices
    existed takes what it took then: a winner, or a whole number in low..high."""
    if not question.choices:
        return (
            _choice(raw, WINNERS, "answer")
            if question.kind == "winner"
            else _whole(raw, question.low, question.high, "answer")
        )
    if type(raw) not in {type(c) for c in question.choices} or raw not in question.choices:
        listed = question.choices if question.kind == "winner" else sorted(question.choices)
        raise RoomError(f"answer must be one of {', '.join(map(str, listed))}, not {raw!r}.")
    return raw  # type: ignore[return-value]  # equal to a choice and of its type: an Answer


_NEXT: dict[State, State] = {"open": "locked", "locked": "revealed"}


def moved(question: Question, state: State) -> Question:
    """The question in its next state (open -> locked -> revealed; locking a locked one, or revealing an
    open one, which locks it on the way, is allowed); Closed for a step backwards."""
    state = _choice(state, STATES, "state")
    if STATES.index(state) < STATES.index(question.state):
        raise Closed(f"Question {question.number} is {question.state}: it cannot be {state} again.")
    return replace(question, state=state)


def question_to_json(question: Question) -> dict[str, Any]:
    """The question as a JSON-able dict (every field)."""
    return asdict(question) | {
        "accepted": list(question.accepted),
        "choices": list(question.choices),
        "values": list(question.values),
    }


def question_from_json(data: Mapping[str, Any]) -> Question:
    """A Question from question_to_json's dict (one stored before choices existed gets none)."""
    tuples = {key: tuple(data.get(key, ())) for key in ("accepted", "choices", "values")}
    return Question(**(dict(data) | tuples))


# --- the tally ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """A question's answers counted: how many answered, how many per answer, and how many were right."""

    answered: int
    counts: dict[str, int] = field(default_factory=dict)  # str(answer) -> students who gave it
    right: int = 0


def tally(question: Question, answers: Mapping[str, Answer]) -> Tally:
    """The answers (student -> answer, one each) counted for the question."""
    counts = Counter(str(a) for a in answers.values())
    right = sum(a in question.accepted for a in answers.values())
    return Tally(len(answers), dict(sorted(counts.items())), right)


def public_question(question: Question, counted: Tally) -> dict[str, Any]:
    """What every student may see of a question: kind, step, pile, state, the answer range and how many
    answered; the counts and the right answer only once it is revealed (no one sees the class lean)."""
    shown: dict[str, Any] = {k: v for k, v in question_to_json(question).items() if k not in ("expected", "accepted")}
    shown["answered"] = counted.answered
    if question.state == "revealed":
        shown |= {"expected": question.expected, "accepted": list(question.accepted), **asdict(counted)}
    return shown


# --- expiry ------------------------------------------------------------------------------------


def expired(touched: float, now: float, ttl: float = ROOM_TTL) -> bool:
    """Whether a room whose teacher last acted at `touched` has expired by `now`."""
    return now - touched > ttl


# --- the room ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Room:
    """One room as a store keeps it: code, the secret's digest, the stage, the version, when it was made
    and last touched by the teacher, whether it ended, its students (id -> status), its questions in
    the order asked, their answers (question number -> student -> answer), the join token, the teacher's
    stream id, the join paces of the addresses that joined lately (hashed: no address is kept), the students
    still idle, and for each "write" question one anonymous example of each group's code (the first one given)."""

    code: str
    digest: str
    stage: Stage
    version: int = 1
    created: float = 0.0
    touched: float = 0.0
    ended: bool = False
    students: Mapping[str, Status] = field(default_factory=dict)
    questions: tuple[Question, ...] = ()
    answers: Mapping[int, Mapping[str, Answer]] = field(default_factory=dict)
    join: str = ""
    lead: str = ""
    paces: Mapping[str, tuple[float, float]] = field(default_factory=dict)  # pace_key -> (seats left, when)
    idle: Mapping[str, float] = field(default_factory=dict)  # students who never followed nor answered -> joined at
    examples: Mapping[int, Mapping[str, str]] = field(default_factory=dict)  # "write" question -> group -> a code

    def question(self, number: object) -> Question:
        """The question of this number; UnknownQuestion if there is none."""
        for q in self.questions:
            if q.number == number and not isinstance(number, bool):
                return q
        raise UnknownQuestion(f"This class has no question {number!r}.")


def room_to_json(room: Room) -> dict[str, Any]:
    """The room as a JSON-able dict (answers keyed by str(number), as JSON objects must be)."""
    return {
        "code": room.code,
        "digest": room.digest,
        "stage": asdict(room.stage),
        "version": room.version,
        "created": room.created,
        "touched": room.touched,
        "ended": room.ended,
        "students": dict(room.students),
        "questions": [question_to_json(q) for q in room.questions],
        "answers": {str(n): dict(a) for n, a in room.answers.items()},
        "join": room.join,
        "lead": room.lead,
        "paces": {key: list(pace) for key, pace in room.paces.items()},
        "idle": dict(room.idle),
        "examples": {str(n): dict(e) for n, e in room.examples.items()},
    }


def room_from_json(data: Mapping[str, Any]) -> Room:
    """A Room from room_to_json's dict."""
    stage = data["stage"]
    return Room(
        code=data["code"],
        digest=data["digest"],
        stage=Stage(**(stage | {"values": tuple(stage["values"])})),
        version=data["version"],
        created=data["created"],
        touched=data["touched"],
        ended=data["ended"],
        students=dict(data["students"]),
        questions=tuple(question_from_json(q) for q in data["questions"]),
        answers={int(n): dict(a) for n, a in data["answers"].items()},
        join=data.get("join", ""),
        lead=data.get("lead", ""),
        paces={key: (float(pace[0]), float(pace[1])) for key, pace in data.get("paces", {}).items()},
        idle={student: float(at) for student, at in data.get("idle", {}).items()},
        examples={int(n): dict(e) for n, e in data.get("examples", {}).items()},
    )


def counts(room: Room) -> dict[str, int]:
    """How many students joined, follow and explore."""
    statuses = Counter(room.students.values())
    return {"joined": len(room.students), "following": statuses["following"], "exploring": statuses["exploring"]}


def public_view(room: Room) -> dict[str, Any]:
    """What any student (and so anyone who knows the code) may see: the stage, the version, whether it
    ended, the counts, and every question as public_question shows it. Never the digest, never an id."""
    return {
        "code": room.code,
        "version": room.version,
        "ended": room.ended,
        "stage": asdict(room.stage) | {"values": list(room.stage.values), "picture": picture_name(room.stage)},
        **counts(room),
        "questions": [public_question(q, tally(q, room.answers.get(q.number, {}))) for q in room.questions],
    }


def picture_name(stage: Stage) -> str:
    """The name of the stage's row in its pictures' shared URLs (routes: .../pictures/{name}/{step}/...): 16
    hex digits of a BLAKE2b digest of the row, k and the formulation, so a URL names one picture forever
    (a new row is a new name) and every phone of a class asks for the same one."""
    text = f"{','.join(map(str, stage.values))}|{stage.k}|{stage.form}"
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def teacher_view(room: Room) -> dict[str, Any]:
    """The public view, with each question's true answer and its counts while it is still open (a "write"
    question's with its examples: group -> one code, no student named), the join token (for the link) and
    the teacher's stream id."""
    view = public_view(room) | {"join": room.join, "lead": room.lead}
    view["questions"] = [
        question_to_json(q)
        | asdict(tally(q, room.answers.get(q.number, {})))
        | ({"examples": dict(room.examples.get(q.number, {}))} if q.kind == "write" else {})
        for q in room.questions
    ]
    return view


def student_view(room: Room, student: str) -> dict[str, Any]:
    """The public view, with this student's own status and answers (question number -> answer); a "write"
    answer is "sent" until its question is revealed (its group would tell the student right or wrong early)."""
    shut = {q.number for q in room.questions if q.kind == "write" and q.state != "revealed"}
    mine = {str(n): "sent" if n in shut else a[student] for n, a in room.answers.items() if student in a}
    return public_view(room) | {"student": student, "status": room.students[student], "mine": mine}


# --- what each action does to a room (a store saves the result, version bumped) ------------------


def new_room(code: str, secret: str, stage: Stage, now: float) -> Room:
    """A fresh room with this code, keeping only the secret's digest (and what is derived from the secret:
    the join token and the teacher's stream id): version 1, nobody joined."""
    return Room(
        code, secret_hash(secret), stage, created=now, touched=now, join=join_token(secret), lead=lead_id(secret)
    )


def _bumped(room: Room, **changes: Any) -> Room:
    """The room with these changes and its version one higher."""
    return replace(room, version=room.version + 1, **changes)


def check_teacher(room: Room, secret: object) -> None:
    """Nothing if the secret is the room's; WrongSecret otherwise (also for a secret that is no string)."""
    if not isinstance(secret, str) or not secret_matches(secret, room.digest):
        raise WrongSecret("Only the teacher's link can lead this class.")


def check_student(room: Room, student: object) -> str:
    """The student id if it was issued in this room; UnknownStudent otherwise."""
    if read_student(student) not in room.students:
        raise UnknownStudent("This student id was not issued in this class: join it again.")
    return str(student)


def check_follower(room: Room, you: object) -> None:
    """Nothing if `you` is the room's teacher's stream id or a student id it issued; UnknownStudent otherwise."""
    if isinstance(you, str) and room.lead and hmac.compare_digest(you.encode(), room.lead.encode()):
        return
    check_student(room, you)


def check_join(room: Room, token: object) -> None:
    """Nothing if the token is the room's join token; WrongJoin otherwise (also for one that is no string)."""
    if not isinstance(token, str) or not room.join or not hmac.compare_digest(token.encode(), room.join.encode()):
        raise WrongJoin(
            "This join link is not this class's, or its teacher made a new one: scan the QR code again, "
            "or type the code."
        )


def staged(room: Room, secret: object, data: Mapping[str, Any], now: float) -> Room:
    """The room after the teacher's stage change (read_stage over the current stage), touched now."""
    check_teacher(room, secret)
    return _bumped(room, stage=read_stage(data, room.stage), touched=now)


def joined(room: Room, student: str, limits: Limits, now: float = 0.0, who: str = "", token: object = None) -> Room:
    """The room with a new student, following, one seat of `who`'s pace taken (limits.linked with a join
    token, limits.typed without); WrongJoin for a token that is not the room's, Full when the room already
    holds limits.students, Paced when the address has no seat left in its pace."""
    linked = token is not None
    if linked:
        check_join(room, token)
    students, idle = dict(room.students), dict(room.idle)
    if len(students) >= limits.students:
        gone = reclaimable(room, now)
        if gone is None:
            raise Full(f"This class is full: it admits {limits.students} students.")
        del students[gone], idle[gone]
    paces = took_seat(room, pace_key(room.code, who, linked), limits, now)
    return _bumped(room, students={**students, student: "following"}, paces=paces, idle={**idle, student: now})


def reclaimable(room: Room, now: float) -> str | None:
    """The student whose seat a new joiner of a full room takes: the one idle longest (never opened the
    room's stream, never answered, never changed status) if that is IDLE_SECONDS or more; None otherwise."""
    oldest = min(room.idle, key=lambda s: room.idle[s], default=None)
    return oldest if oldest is not None and now - room.idle[oldest] >= IDLE_SECONDS else None


def followed(room: Room, student: object) -> Room:
    """The room with the student no longer idle (they opened the stream): their seat is never reclaimed;
    unchanged, same version, if they were not idle."""
    who = check_student(room, student)
    if who not in room.idle:
        return room
    return _bumped(room, idle={s: at for s, at in room.idle.items() if s != who})


def pace_key(code: str, who: str, linked: bool) -> str:
    """The key of an address's pace in a room: "l:" (by the link) or "t:" (typed) and 16 hex digits of a
    hash of the room's code and the address (the room keeps no address)."""
    digest = hashlib.sha256(f"{code}:{who}".encode()).hexdigest()[:16]
    return ("l:" if linked else "t:") + digest


def _seats_left(kept: tuple[float, float], pace: Pace, now: float) -> float:
    """The seats an address has left now: those it had at its last join, plus what the pace gave back since."""
    left, at = kept
    return min(float(pace.burst), left + max(now - at, 0.0) * pace.per_minute / 60.0)


def took_seat(room: Room, key: str, limits: Limits, now: float) -> dict[str, tuple[float, float]]:
    """The room's paces with one seat taken from `key`'s (which starts full); Paced, saying how long to wait,
    if it has none left. Paces that are full again are dropped (a quiet address costs nothing)."""

    def pace_of(name: str) -> Pace:
        return limits.linked if name.startswith("l:") else limits.typed

    pace = pace_of(key)
    left = _seats_left(room.paces.get(key, (float(pace.burst), now)), pace, now)
    if left < 1.0:
        wait = (1.0 - left) * 60.0 / pace.per_minute
        if key.startswith("l:"):
            raise Paced(f"Too many joins from this address at once: wait {math.ceil(wait)} s, then try again.", wait)
        raise Paced(
            f"Too many joins with the typed code from this address: join by the class's link or QR code, "
            f"or wait {math.ceil(wait)} s.",
            wait,
        )
    kept = {
        name: held
        for name, held in room.paces.items()
        if name != key and _seats_left(held, pace_of(name), now) < pace_of(name).burst
    }
    return kept | {key: (left - 1.0, now)}


def with_status(room: Room, student: object, status: object) -> Room:
    """The room with the student following or exploring (unchanged, same version, if already so)."""
    who = check_student(room, student)
    status = _choice(status, STATUSES, "status")
    if room.students[who] == status:
        return room
    idle = {s: at for s, at in room.idle.items() if s != who}
    return _bumped(room, students={**room.students, who: status}, idle=idle)


def left(room: Room, student: object) -> Room:
    """The room without the student (they left the class: the counts drop, their seat is free); the answers
    they gave stay counted. UnknownStudent for an id the room does not hold (one that left already)."""
    who = check_student(room, student)
    students = {s: status for s, status in room.students.items() if s != who}
    return _bumped(room, students=students, idle={s: at for s, at in room.idle.items() if s != who})


def holding(room: Room) -> int | None:
    """The step the class is held at while its latest question is open or locked (held_step): what a
    student's stage may not go past; None when there is no question or it was revealed."""
    if not room.questions or room.questions[-1].state == "revealed":
        return None
    return held_step(room.questions[-1], room.stage)


def held_step(question: Question, stage: Stage) -> int:
    """The step the class sees while a question is open: the one before the step that writes its pile's
    dp[i] (so the stage shows the candidates, not the answer), or for "who wins" any step but the
    verdict's."""
    if question.kind == "winner":
        return min(question.step, stage.last_step - 1)
    return max(question.step - 1, 0)


def question_seed(room: Room, number: int) -> str:
    """What orders the buttons of the room's question `number`, the same on every phone and replica: the
    room's code, the number and the digest of the teacher's secret, which no student sees (the source
    is public: from the code and the number alone a student could work out where the answer sits)."""
    return f"{room.code}:{number}:{room.digest}"


def asked(room: Room, secret: object, kind: object, now: float) -> Room:
    """The room with a new open question of this kind at the stage's step (earlier open ones locked),
    the stage paused and held at held_step until the reveal."""
    check_teacher(room, secret)
    number = len(room.questions) + 1
    question = ask(room.stage, kind, number, question_seed(room, number))  # type: ignore[arg-type]  # ask checks it
    earlier = tuple(replace(q, state="locked") if q.state == "open" else q for q in room.questions)
    held = replace(room.stage, step=held_step(question, room.stage), playing=False)
    return _bumped(room, questions=(*earlier, question), stage=held, touched=now)


def moved_question(room: Room, secret: object, number: object, state: object, now: float) -> Room:
    """The room with question `number` locked or revealed (see moved); a reveal of a question asked on
    this row moves the stage to the question's step, which shows its answer."""
    check_teacher(room, secret)
    target = moved(room.question(number), state)  # type: ignore[arg-type]  # moved checks the state
    questions = tuple(target if q.number == target.number else q for q in room.questions)
    stage = room.stage
    if target.state == "revealed" and target.step <= stage.last_step:
        stage = replace(stage, step=target.step, playing=False)
    return _bumped(room, questions=questions, stage=stage, touched=now)


def open_question(room: Room, student: object, number: object) -> Question:
    """The open question `number` that this student of the room may answer; UnknownStudent, UnknownQuestion,
    or Closed once it is locked."""
    check_student(room, student)
    question = room.question(number)
    if question.state != "open":
        raise Closed(f"Question {question.number} is {question.state}: answers are no longer taken.")
    return question


def answered(room: Room, student: object, number: object, raw: object, group: str | None = None) -> Room:
    """The room with the student's answer to an open question (replacing their earlier one, so one per
    student counts; unchanged, same version, if it is the same answer). Closed once it is locked. For
    "write", `raw` is the code (read_code_answer) and `group` the one of WRITE_GROUPS that running it put it
    in (the caller runs it: nothing here runs code); the group is the answer counted, and the code is kept
    as its group's example if the group has none yet."""
    who = check_student(room, student)
    question = open_question(room, who, number)
    examples = room.examples
    if question.kind == "write":
        code = read_code_answer(raw)
        if group is None:
            raise NotRun(f"Question {question.number} asks for code: run it, then answer with its group.")
        if group not in WRITE_GROUPS:
            raise RoomError(f"The code was not run, so it is in no group ({group!r}).")
        value: Answer = group
        kept = room.examples.get(question.number, {})
        if group not in kept:
            examples = {**room.examples, question.number: {**kept, group: code}}
    else:
        value = read_answer(question, raw)
    given = room.answers.get(question.number, {})
    if who in given and given[who] == value:
        return room
    idle = {s: at for s, at in room.idle.items() if s != who}
    answers = {**room.answers, question.number: {**given, who: value}}
    return _bumped(room, answers=answers, idle=idle, examples=examples)


def renewed_join(room: Room, secret: object, now: float) -> Room:
    """The room with a new join token (256 random bits), for its teacher: the old link and QR code take no
    seat any more (check_join refuses them in one sentence); students already in keep their seats."""
    check_teacher(room, secret)
    return _bumped(room, join=secrets.token_urlsafe(32), touched=now)


def ended_room(room: Room, secret: object, now: float) -> Room:
    """The room ended by its teacher."""
    check_teacher(room, secret)
    return _bumped(room, ended=True, touched=now)
