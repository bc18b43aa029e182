// A Raspberry Pi Pico without a Pico: MicroPython's stock rp2 image on npm's rp2040js,
// with what rp2040js 1.4.1 lacks to run it (README.md beside this file, "What the glue adds").
//
//   node pico.mjs --fs IMAGE [--uf2 FILE.uf2.gz] [--bootrom FILE] [--clock FILE]
//
// The Pico's USB serial (CDC) line: bytes from the host on fd 3, bytes to the host on fd 4
// (or the fds --usb-in and --usb-out name)
// (tests/pico.py relays them to a pty that the table's BoardLink opens). The test drives the
// Pico on stdin, one JSON object a line, and hears back on stdout, one JSON object a line:
//
//   {"pin": 11, "level": 0}          drive GP11 low (1 high, null: let it float on its pulls)
//   {"bootsel": true}                hold the BOOTSEL button (false: let go)
//   {"colour": 2, "rgbc": [r,g,b,c]} what the TCS34725 on mux channel 2 sees from now on
//   {"colour": 2, "answer": false}   that sensor stops answering on I2C (true: back)
//   {"stall": true}                  the host stops reading the USB line (false: reads again)
//   {"power": "cycle"}               power off and on (the flash keeps its files)
//   {"dump": PATH}                   write the filesystem's part of the flash to PATH
//   {"after_ms": 20, ...}            any of these, that many ms of Pico time from now
//   {"id": 7, ...}                   answered with {"done": 7, "t": ...} once carried out
//
// Heard back: {"usb": "up", "t": ...} when the host side has configured the CDC device,
// {"reset": "watchdog" | "machine.reset", "t": ...} when the chip restarts. "t" is Pico time
// in seconds since power-up, which also goes to --clock as a float64 for the host's clock.
import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { RP2040, USBCDC, BasePeripheral } from 'rp2040js';
import { SimulationClock } from './node_modules/rp2040js/dist/esm/clock/simulation-clock.js';
import { RPSSI } from './node_modules/rp2040js/dist/esm/peripherals/ssi.js';

const here = new URL('.', import.meta.url).pathname;
const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, word, i, all) =>
    (word.startsWith('--') ? [...pairs, [word.slice(2), all[i + 1]]] : pairs), []));
const FLASH_FS_OFFSET = 640 * 1024;        // RPI_PICO v1.24.1: 352 blocks of 4 KiB from here
const FLASH_SIZE = 2 * 1024 * 1024;         // the Pico's W25Q16JV

const out = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
const quiet = {
    debug() {}, info() {}, warn() {},
    error(name, msg) { process.stderr.write(`rp2040js ${name}: ${msg}\n`); },
};

// -- the flash chip: what the boot ROM's flash routines say to it over the SSI -------------
class Flash {
    constructor(bytes) {
        this.bytes = bytes;      // the RP2040's XIP view of the flash: what is written is read
        this.selected = false;
        this.writeEnabled = false;
        this.cmd = null;
        this.seen = [];
    }
    select(on) {
        if (on === this.selected) return;
        if (!on) this.finish();
        this.selected = on;
        this.cmd = null;
        this.seen = [];
    }
    address() {
        const [a, b, c] = this.seen;
        return ((a << 16) | (b << 8) | c) % FLASH_SIZE;
    }
    // one byte out from the ROM, one byte back (a SPI exchange)
    exchange(byte) {
        if (this.cmd === null) {
            this.cmd = byte;
            if (byte === 0x06) this.writeEnabled = true;
            if (byte === 0x04) this.writeEnabled = false;
            return 0;
        }
        const n = this.seen.length;
        this.seen.push(byte);
        switch (this.cmd) {
            case 0x05: return this.writeEnabled ? 0x02 : 0x00;     // status 1: never busy
            case 0x35: return 0x02;                                 // status 2: quad enabled
            case 0x9f: return [0xef, 0x40, 0x15][n] ?? 0;           // Winbond, 16 Mbit
            case 0x4b: return n >= 4 ? [0xe6, 0x61, 0x28, 0x23, 0x17, 0x4a, 0x2c, 0x2a][(n - 4) % 8] : 0;
            case 0x03: return n >= 3 ? this.bytes[(this.address() + n - 3) % FLASH_SIZE] : 0;
            case 0x0b: return n >= 4 ? this.bytes[(this.address() + n - 4) % FLASH_SIZE] : 0;
            case 0x02:
                if (n >= 3 && this.writeEnabled) {
                    const at = this.address();
                    const page = at & ~0xff;
                    this.bytes[page | ((at + n - 3) & 0xff)] &= byte;   // NOR: programming only clears bits
                }
                return 0;
            default: return 0;
        }
    }
    finish() {
        const sizes = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 };
        if (this.cmd in sizes && this.seen.length >= 3 && this.writeEnabled) {
            const size = sizes[this.cmd];
            const start = this.address() & ~(size - 1);
            this.bytes.fill(0xff, start, start + size);
        }
        if ([0x02, 0x20, 0x52, 0xd8, 0xc7, 0x60].includes(this.cmd)) this.writeEnabled = false;
        if ((this.cmd === 0xc7 || this.cmd === 0x60) && this.writeEnabled) this.bytes.fill(0xff, 0, FLASH_SIZE);
    }
}

// The SSI: every byte written to DR0 is exchanged with the flash (whose answer is 0 while its
// chip-select is high) and the answer waits in a 16-deep receive FIFO: the ROM's flash routine
// reads one byte for every one it sends, and waits for it
const SSI_SR = 0x28, SSI_DR0 = 0x60, SSI_TXFLR = 0x20, SSI_RXFLR = 0x24;
class FlashSSI extends RPSSI {
    constructor(rp2040, flash) {
        super(rp2040, 'SSI');
        this.flash = flash;
        this.rx = [];
    }
    readUint32(offset) {
        if (offset === SSI_SR) return 0x06 | (this.rx.length ? 0x08 : 0);   // TFNF TFE (RFNE), never busy
        if (offset === SSI_DR0) return this.rx.length ? this.rx.shift() : 0;
        if (offset === SSI_RXFLR) return this.rx.length;
        if (offset === SSI_TXFLR) return 0;
        return super.readUint32(offset);
    }
    writeUint32(offset, value) {
        if (offset === SSI_DR0) {
            const answer = this.flash.selected ? this.flash.exchange(value & 0xff) : 0;
            if (this.rx.length < 16) this.rx.push(answer);
            return;
        }
        super.writeUint32(offset, value);
    }
}

// IO_QSPI: the ROM forces the flash's chip-select through the SS pin's output override
class QSPIBank extends BasePeripheral {
    constructor(rp2040, flash) {
        super(rp2040, 'IO_QSPI');
        this.flash = flash;
        this.regs = new Uint32Array(12);
    }
    readUint32(offset) {
        if (offset === 0x08) {        // SS status: the pin's level as the SIO sees it
            return this.rp2040.qspi[1].inputValue ? 1 << 17 : 0;
        }
        return offset < 0x30 ? this.regs[offset >> 2] : 0;
    }
    writeUint32(offset, value) {
        if (offset >= 0x30) return;
        this.regs[offset >> 2] = value;
        if (process.env.PICO_DEBUG > 1) process.stderr.write(`qspi ${offset.toString(16)} = ${value.toString(16)} pc=${this.rp2040.core.PC.toString(16)}\n`);
        if (offset === 0x0c) this.flash.select(((value >> 8) & 3) === 2);   // OUTOVER: drive low
    }
}

// ROSC: its random bit (os.urandom, the firmware's first seq), fed from the host's noise
class RingOscillator extends BasePeripheral {
    readUint32(offset) {
        if (offset === 0x1c) return crypto.randomInt(2);     // RANDOMBIT
        if (offset === 0x18) return 0x80001000;              // STATUS: stable, enabled
        return 0;
    }
    writeUint32() {}
}

// -- the I2C devices on I2C0: a TCA9548A mux (0x70) and a TCS34725 on each channel (0x29) -----
class ColourSensor {
    constructor() {
        this.regs = new Uint8Array(32);
        this.regs[0x01] = 0xff;       // ATIME after power-on
        this.regs[0x12] = 0x44;       // ID: TCS34725
        this.rgbc = [0, 0, 0, 0];     // what it sees now
        this.latched = [0, 0, 0, 0];  // what the last complete integration saw
        this.answer = true;
        this.pointer = 0;
        this.cycleEnd = null;         // Pico time (ns) the integration running now ends
    }
    integrationNanos() { return (256 - this.regs[0x01]) * 2.4e6; }
    // the data registers hold the last complete integration cycle (datasheet: RGBC cycle)
    advance(nanos) {
        const enabled = (this.regs[0] & 3) === 3;
        if (!enabled) { this.cycleEnd = null; return; }
        if (this.cycleEnd === null) this.cycleEnd = nanos + this.integrationNanos();
        while (nanos >= this.cycleEnd) {
            const gain = [1, 4, 16, 60][this.regs[0x0f] & 3];
            const full = Math.min(65535, 1024 * (256 - this.regs[0x01]));
            this.latched = this.rgbc.map((v) => Math.min(full, Math.round(v * gain)));
            this.regs[0x13] |= 1;    // AVALID
            this.cycleEnd += this.integrationNanos();
        }
    }
    write(byte, first, nanos) {
        this.advance(nanos);
        if (first) {
            if (byte & 0x80) this.pointer = byte & 0x1f;
            return;
        }
        const wasOn = this.regs[0] & 3;
        this.regs[this.pointer] = byte;
        if (this.pointer === 0 && (byte & 1) && !(wasOn & 1)) this.poweredAt = nanos;
        if (this.pointer === 0 && (byte & 3) === 3 && wasOn !== 3) {
            // the first integration starts once PON has been on for 2.4 ms (the warm-up)
            const warm = Math.max(nanos, (this.poweredAt ?? nanos) + 2.4e6);
            this.cycleEnd = warm + this.integrationNanos();
        }
        this.pointer = (this.pointer + 1) & 0x1f;
    }
    read(nanos) {
        this.advance(nanos);
        const p = this.pointer;
        this.pointer = (this.pointer + 1) & 0x1f;
        if (p >= 0x14 && p <= 0x1b) {
            const [r, g, b, c] = this.latched;
            const words = [c, r, g, b];
            const word = words[(p - 0x14) >> 1];
            return (p & 1) ? word >> 8 : word & 0xff;
        }
        return this.regs[p];
    }
}

class I2CBus {
    constructor() {
        this.channels = 0;
        this.muxAnswers = true;
        this.sensors = [0, 1, 2, 3].map(() => new ColourSensor());
    }
    selected() { return this.sensors.filter((s, i) => this.channels & (1 << i)); }
    attach(i2c, clock) {
        let target = null;
        let first = true;
        i2c.onStart = () => i2c.completeStart();
        i2c.onConnect = (address) => {
            first = true;
            if (address === 0x70 && this.muxAnswers) target = 'mux';
            else if (address === 0x29) {
                const sensors = this.selected().filter((s) => s.answer);
                target = sensors.length === 1 ? sensors[0] : null;
            } else target = null;
            i2c.completeConnect(target !== null);
            // an abort flushes the TX FIFO, and on the chip TX_EMPTY is a level: set it, or the
            // SDK waits for it until its timeout and never reads the abort's cause
            if (target === null) i2c.setInterrupts(1 << 4);
        };
        i2c.onWriteByte = (byte) => {
            if (target === 'mux') this.channels = byte;
            else target.write(byte, first, clock.nanos);
            first = false;
            i2c.completeWrite(true);
        };
        i2c.onReadByte = () => {
            i2c.completeRead(target === 'mux' ? this.channels : target.read(clock.nanos));
        };
        i2c.onStop = () => i2c.completeStop();
    }
}

// -- the chip, with the flash it boots from ----------------------------------------------
function loadUF2(flash, gz) {
    const uf2 = zlib.gunzipSync(gz);
    for (let at = 0; at + 512 <= uf2.length; at += 512) {
        const block = new DataView(uf2.buffer, uf2.byteOffset + at, 512);
        if (block.getUint32(0, true) !== 0x0a324655 || block.getUint32(508, true) !== 0x0ab16f30) continue;
        const target = block.getUint32(12, true) - 0x10000000;
        const size = block.getUint32(16, true);
        flash.set(uf2.subarray(at + 32, at + 32 + size), target);
    }
}

const bootrom = fs.readFileSync(args.bootrom ?? here + 'rp2040-bootrom-B1.bin');
const image = new Uint8Array(FLASH_SIZE).fill(0xff);
loadUF2(image, fs.readFileSync(args.uf2 ?? here + 'micropython-RPI_PICO-v1.24.1.uf2.gz'));
if (args.fs) image.set(fs.readFileSync(args.fs), FLASH_FS_OFFSET);

const usbOut = Number(args['usb-out'] ?? 4);
const pins = new Map();       // GPIO -> 0 or 1 driven from outside; absent: floating
const bus = new I2CBus();
let bootsel = false;
let stalled = false;
let heldIn = [];              // IN transfers the stalled host has not taken
const fromHost = [];          // bytes the host wrote that the Pico has not read yet
let chip = null;
let epoch = 0;                // Pico time (s) at this power-up's start
let started = 0;              // wall time (ms) of the pacing's reference point

function level(pin) {
    if (pins.has(pin.index)) return pins.get(pin.index) === 1;
    return pin.pullupEnabled && !pin.pulldownEnabled;     // undriven: the pad's pull decides
}

function powerUp() {
    const clock = new SimulationClock();
    const mcu = new RP2040(clock);
    mcu.logger = quiet;
    mcu.loadBootrom(new Uint32Array(bootrom.buffer, bootrom.byteOffset, bootrom.length / 4));
    mcu.flash.set(image);                  // the flash keeps what was written before a reset
    const flash = new Flash(mcu.flash);
    mcu.peripherals[0x18000] = new FlashSSI(mcu, flash);
    mcu.peripherals[0x40018] = new QSPIBank(mcu, flash);
    mcu.peripherals[0x40060] = new RingOscillator(mcu, 'ROSC');
    for (const pin of mcu.gpio) {
        pin.addListener(() => pin.setInputValue(level(pin)));
        pin.setInputValue(level(pin));
    }
    const ss = mcu.qspi[1];                 // BOOTSEL pulls the flash's chip-select low
    ss.padValue |= 0x40;
    ss.setInputValue(!bootsel);
    bus.attach(mcu.i2c[0], clock);
    bus.channels = 0;
    const watchdog = mcu.peripherals[0x40058];
    watchdog.onWatchdogTrigger = () => {
        const reason = watchdog.reason === 2 ? 'machine.reset' : 'watchdog';
        watchdog.alarm.enable = false;      // else rp2040js re-arms it at once, forever
        watchdog.timer.enable = false;
        setImmediate(() => { image.set(mcu.flash.subarray(0, FLASH_SIZE)); powerUp(); out({ reset: reason, t: now() }); });
        chip.dead = true;
    };
    const usb = mcu.usbCtrl;
    const cdc = new USBCDC(usb);
    let pendingRead = null;
    const takeRead = usb.onEndpointRead;
    // a real host NAKs an OUT token when it has nothing to send: hold the read until it has
    usb.onEndpointRead = (endpoint, size) => {
        if (endpoint === cdc.outEndpoint && !fromHost.length && cdc.txFIFO.empty) {
            pendingRead = size;
            return;
        }
        fill();
        takeRead(endpoint, size);
    };
    const fill = () => { while (fromHost.length && !cdc.txFIFO.full) cdc.sendSerialByte(fromHost.shift()); };
    const bufferControl = usb.DPRAMUpdated.bind(usb);
    // a host that stops reading leaves the Pico's IN transfers pending
    usb.DPRAMUpdated = (offset, value) => {
        if (stalled && cdc.inEndpoint > 0 && offset === 0x80 + cdc.inEndpoint * 8 && value & (1 << 10)) {
            heldIn.push([offset, value]);
            return;
        }
        bufferControl(offset, value);
    };
    cdc.onSerialData = (data) => { if (!chip.dead) fs.writeSync(usbOut, data); };
    cdc.onDeviceConnected = () => out({ usb: 'up', t: now() });
    mcu.core.PC = 0x10000000;               // boot stage 2 from the flash, as the ROM would
    const prev = chip;
    chip = { mcu, clock, cdc, flash, dead: false,
             hostWrote() { fill(); if (pendingRead !== null && cdc.outEndpoint >= 0) { const n = pendingRead; pendingRead = null; fill(); takeRead(cdc.outEndpoint, n); } },
             unstall() { const held = heldIn; heldIn = []; for (const [o, v] of held) bufferControl(o, v); } };
    epoch = prev ? now(prev) : 0;
    started = performance.now();
    chip.wallBase = epoch;
}

function now(c = chip) { return c.wallBase + c.clock.nanos / 1e9; }

// -- running it: never ahead of the wall clock (so the host's timeouts mean what they say) ---
const clockFile = args.clock ? fs.openSync(args.clock, 'r+') : null;
const clockBuf = Buffer.alloc(8);
const NS_PER_CYCLE = 8;                     // 125 MHz
let running = true;

function run() {
    const c = chip;
    const { mcu, clock } = c;
    const batchEnd = performance.now() + 20;
    while (running && !c.dead && performance.now() < batchEnd) {
        for (let i = 0; i < 20000 && !c.dead; i++) {
            if (!mcu.core.waiting) {
                clock.tick(mcu.core.executeInstruction() * NS_PER_CYCLE);
                continue;
            }
            const wall = (performance.now() - started) * 1e6;
            const next = clock.nanosToNextAlarm;           // 0: no alarm set
            const alarm = next ? clock.nanos + next : Infinity;
            if (alarm <= wall) {
                clock.tick(next);
                continue;
            }
            // asleep past the wall clock: catch up with it, then wait for the alarm (or input)
            if (wall > clock.nanos) clock.tick(wall - clock.nanos);
            publish();
            setTimeout(run, Math.max(1, Math.min(5, (alarm - wall) / 1e6)));
            return;
        }
    }
    publish();
    if (!running) return;
    const ahead = clock.nanos / 1e6 - (performance.now() - started);
    if (ahead > 1) setTimeout(run, Math.min(ahead, 5)); else setImmediate(run);
}

function publish() {
    if (clockFile === null) return;
    clockBuf.writeDoubleLE(now(), 0);
    fs.writeSync(clockFile, clockBuf, 0, 8, 0);
}

// -- what the test says --------------------------------------------------------------------
function carryOut(cmd) {
    if ('pin' in cmd) {
        if (cmd.level === null) pins.delete(cmd.pin); else pins.set(cmd.pin, cmd.level ? 1 : 0);
        const pin = chip.mcu.gpio[cmd.pin];
        pin.setInputValue(level(pin));
    }
    if ('bootsel' in cmd) {
        bootsel = !!cmd.bootsel;
        chip.mcu.qspi[1].setInputValue(!bootsel);
    }
    if ('colour' in cmd) {
        const sensor = bus.sensors[cmd.colour];
        if (cmd.rgbc) sensor.rgbc = cmd.rgbc;
        if ('answer' in cmd) sensor.answer = !!cmd.answer;
    }
    if ('mux' in cmd) bus.muxAnswers = !!cmd.mux;
    if ('stall' in cmd) {
        stalled = !!cmd.stall;
        if (!stalled) chip.unstall();
    }
    if (cmd.power === 'cycle') {
        image.set(chip.mcu.flash.subarray(0, FLASH_SIZE));
        chip.dead = true;
        powerUp();
    }
    if (cmd.dump) fs.writeFileSync(cmd.dump, chip.mcu.flash.subarray(FLASH_FS_OFFSET, FLASH_SIZE));
    if ('id' in cmd) out({ done: cmd.id, t: now() });
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (!line.trim()) return;
    const cmd = JSON.parse(line);
    if (cmd.after_ms) {
        const c = chip;
        c.clock.createAlarm(() => { if (chip === c) carryOut(cmd); }).schedule(cmd.after_ms * 1e6);
    } else {
        carryOut(cmd);
    }
}).on('close', () => { running = false; process.exit(0); });

// a socket on the pipe, not fs.createReadStream: that one reads in a pool thread, which then keeps
// the process from exiting
new net.Socket({ fd: Number(args['usb-in'] ?? 3), readable: true, writable: false }).on('data', (data) => {
    for (const byte of data) fromHost.push(byte);
    chip.hostWrote();
}).on('end', () => {});

powerUp();
run();
if (process.env.PICO_DEBUG) {
    setInterval(() => process.stderr.write(`t=${now().toFixed(3)} pc=${chip.mcu.core.PC.toString(16)} waiting=${chip.mcu.core.waiting} usb=${chip.cdc.initialized}\n`), 1000);
}
