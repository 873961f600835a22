/** Asked by the runner before it starts each case run; the CLI sets it on SIGINT/SIGTERM. */
export class StopControl {
  #reason: string | undefined;

  /** Stop starting new case runs; those in flight finish or time out. */
  stop(reason: string): void {
    this.#reason ??= reason;
  }

  get stopped(): boolean {
    return this.#reason !== undefined;
  }

  /** Why the run was stopped, e.g. `SIGINT`. */
  get reason(): string | undefined {
    return this.#reason;
  }
}
