/**
 * Unit tests of a service's rules with in-memory fakes for its collaborators (docs/running.md,
 * «Unit tests with fakes»): the service is built with plain `new`, each constructor parameter given
 * a fake that has the parameter's public members it needs, with their exact types.
 *
 *   const { sut, mocks: [comments, users] } = newTestService(CommentsService, [new FakeCommentsRepository(db), new FakeUserRefs(db), …]);
 *
 * The fakes go in constructor order; each position is checked against that parameter's type, so a
 * fake in the wrong place, or a method whose signature drifted from the real one, fails `tsc`.
 */

/** A class a test builds: its constructor's parameters are what the fakes stand for. */
export type ServiceClass = new (...args: never[]) => object;

/**
 * What may stand for a dependency of type `T`: any of its public members, each with its real type
 * (`Pick<T, 'used' | 'methods'>` is one); a function, a primitive or a settings value as it is.
 */
export type FakeOf<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { [K in keyof T]?: T[K] } : T;

/** The fakes of a constructor's parameters, position by position. */
export type FakesOf<P extends readonly unknown[]> = { readonly [I in keyof P]: FakeOf<P[I]> };

/** The service under test (`sut`) and the fakes it was built with, as given (destructure them by position). */
export interface TestService<S extends ServiceClass, F> {
  sut: InstanceType<S>;
  mocks: F;
}

/** Read of these on a fake is not a use of a missing member: `await` probes `then`, printing probes `toJSON`. */
const PROBES: ReadonlySet<PropertyKey> = new Set(['then', 'toJSON', 'constructor']);

/**
 * A class-instance fake, guarded: reading a member it does not have throws, naming the service, the
 * parameter and the member, instead of the service failing later on `undefined is not a function`.
 * Methods are bound to the fake itself. Plain objects (settings) and primitives pass as they are.
 */
function guarded(service: string, index: number, fake: unknown): unknown {
  if (typeof fake !== 'object' || fake === null || Object.getPrototypeOf(fake) === Object.prototype) return fake;
  const target = fake as Record<PropertyKey, unknown>;
  return new Proxy(target, {
    get(object, property) {
      if (!(property in object)) {
        if (typeof property === 'symbol' || PROBES.has(property)) return undefined;
        throw new Error(
          `${service}: the fake of constructor parameter #${index + 1} (${object.constructor.name}) has no «${property}», which the service used`,
        );
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * Builds `Service` with `fakes` for its constructor parameters (immich's `newTestService`, without
 * automocks: every collaborator is a fake the test chose). Returns the service and the fakes.
 */
export function newTestService<S extends ServiceClass, const F extends FakesOf<ConstructorParameters<S>>>(Service: S, fakes: F): TestService<S, F> {
  const args = (fakes as readonly unknown[]).map((fake, index) => guarded(Service.name, index, fake));
  // The one place a fake stands for the whole dependency: the types above checked every member it has.
  const sut = new Service(...(args as ConstructorParameters<S>)) as InstanceType<S>;
  return { sut, mocks: fakes };
}

/**
 * A stand-in for a dependency the code under test must not reach (this test's path never needs it):
 * any use of it throws, naming it.
 */
export function untouched<T>(name: string): FakeOf<T> {
  const refuse = new Proxy(
    {},
    {
      get(_object, property) {
        if (typeof property === 'symbol' || PROBES.has(property)) return undefined;
        throw new Error(`${name}.${property} was used, but this test expects the code never to reach ${name}`);
      },
    },
  );
  return refuse as FakeOf<T>;
}
