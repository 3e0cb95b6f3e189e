// A line protocol around gorisanson's quoridor-ai (JavaScript MCTS, which
// has none), for `strength hadang`. Usage: node gorisanson.js DIR SEED
// where DIR is that project's src/js folder (built beside Papan, never
// part of it). It answers, in the UCI-style dialect of `hadang-uci`:
//   uci → uciok; isready → readyok;
//   position startpos moves e2 e8 e3h … → (sets the position)
//   go nodes N → bestmove <move>   (N rollouts; the site's levels are
//                                    2,500 / 7,500 / 20,000 / 60,000)
// Moves are Papan's notation (rules H1, H3): its pawn [row, col] is file
// col, rank 9 - row; its wall [g, c] is {file c}{8 - g}h or v.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const readline = require("readline");

const dir = process.argv[2];
let seed = Number(process.argv[3] || 1) >>> 0;
// Seeded in place of Math.random, so a match replays.
Math.random = function () {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
// Its search logs freely: keep standard output for answers.
console.log = (...args) => process.stderr.write(args.join(" ") + "\n");

const source = ["game.js", "ai.js"].map((f) => fs.readFileSync(path.join(dir, f), "utf8")).join("\n");
vm.runInThisContext(source + "\nglobalThis.__Game = Game; globalThis.__AI = AI;");
const Game = globalThis.__Game;
const AI = globalThis.__AI;

const FILES = "abcdefghi";

function toTheirs(text) {
    const col = FILES.indexOf(text[0]);
    const rank = Number(text[1]);
    if (text.length === 2) return [[9 - rank, col], null, null];
    const g = 8 - rank;
    return text[2] === "h" ? [null, [g, col], null] : [null, null, [g, col]];
}

function toPapan(move) {
    if (move[0]) return FILES[move[0][1]] + (9 - move[0][0]);
    if (move[1]) return FILES[move[1][1]] + (8 - move[1][0]) + "h";
    return FILES[move[2][1]] + (8 - move[2][0]) + "v";
}

let game = new Game(true);
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
    const words = line.trim().split(/\s+/);
    switch (words[0]) {
        case "uci":
            process.stdout.write("id name gorisanson-quoridor-ai\nuciok\n");
            break;
        case "isready":
            process.stdout.write("readyok\n");
            break;
        case "position": {
            game = new Game(true);
            const at = words.indexOf("moves");
            for (const text of at < 0 ? [] : words.slice(at + 1)) {
                if (!game.doMove(toTheirs(text), true)) {
                    process.stdout.write(`info string illegal move ${text}\n`);
                }
            }
            break;
        }
        case "go": {
            const at = words.indexOf("nodes");
            const rollouts = at < 0 ? 60000 : Number(words[at + 1]);
            const move = new AI(rollouts, 0.2, false, false).chooseNextMove(game);
            process.stdout.write(`bestmove ${toPapan(move)}\n`);
            break;
        }
        case "quit":
            process.exit(0);
    }
});
