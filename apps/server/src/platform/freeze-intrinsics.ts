/**
 * Defence in depth against prototype pollution (issue 28 point 2): once the server's modules have loaded, the
 * prototypes every plain object, array and function inherits from are frozen, so no request can add a property
 * (`COORDINATOR: 'all'`) that every `table[key]` lookup in the process would then find.
 *
 * Frozen prototypes break code that assigns a method an object inherits, `Foo.prototype.toString = ...` on an object
 * made with `Object.create(Object.prototype)`: in strict mode that assignment throws, since the inherited property is
 * read-only (ECMAScript's "override mistake"). decimal.js does so when jsdom, which the SVG logo sanitiser loads on
 * first use (features/clients/client-svg.ts), loads it. So, as SES's `lockdown()` does with its "moderate" override
 * taming, the few properties libraries override this way become accessors first: reading answers the original, and
 * assigning on any other object defines an own property there, as if the prototype were not frozen; assigning on the
 * prototype itself still fails. Written here rather than taken from `ses`, which would lock down far more of the
 * process than the server needs (the Date, Math and Error changes of `lockdown()` among them).
 *
 * Only names libraries are known to override this way: hot methods (`push`, `call`, ...) stay plain values, and
 * `Array.prototype.constructor` too, since V8 takes its slow `map`/`filter`/`slice` path for every array once that
 * property changes (the array-species protector). Freezing itself keeps V8's protectors intact.
 */
const OVERRIDABLE: ReadonlyArray<[object, readonly string[]]> = [
  [
    Object.prototype,
    ['constructor', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable'],
  ],
  [Array.prototype, ['toString', 'toLocaleString']],
  [Function.prototype, ['toString']],
];

function makeOverridable(proto: object, name: string): void {
  const desc = Object.getOwnPropertyDescriptor(proto, name);
  if (!desc || !('value' in desc) || !desc.configurable) return;
  const value: unknown = desc.value;
  Object.defineProperty(proto, name, {
    get: function () {
      return value;
    },
    set: function (this: unknown, next: unknown) {
      if (this === proto) throw new TypeError(`Cannot assign to ${name} of a frozen prototype.`);
      if (typeof this !== 'object' && typeof this !== 'function') throw new TypeError(`Cannot assign to ${name}.`);
      if (this === null) throw new TypeError(`Cannot assign to ${name} of null.`);
      Object.defineProperty(this, name, { value: next, writable: true, enumerable: true, configurable: true });
    },
    enumerable: desc.enumerable ?? false,
    configurable: false,
  });
}

let frozen = false;

/** Freezes Object.prototype, Array.prototype and Function.prototype; call once the modules have loaded. */
export function freezeIntrinsics(): void {
  if (frozen) return;
  for (const [proto, names] of OVERRIDABLE) for (const name of names) makeOverridable(proto, name);
  Object.freeze(Object.prototype);
  Object.freeze(Array.prototype);
  Object.freeze(Function.prototype);
  frozen = true;
}

/** Whether the three prototypes are frozen (for the start log and the tests). */
export const intrinsicsFrozen = (): boolean =>
  Object.isFrozen(Object.prototype) && Object.isFrozen(Array.prototype) && Object.isFrozen(Function.prototype);
