import { setLowData, useLowData } from "../../../lib/low-data";

/** The low-data setting: no hero pictures and no fetching of the next lesson ahead of time. */
export function LowDataSetting() {
  const on = useLowData();
  return (
    <section className="card account-section" aria-labelledby="data-title">
      <h2 id="data-title">Data use</h2>
      <label className="low-data-setting">
        <input type="checkbox" checked={on} onChange={(e) => setLowData(e.currentTarget.checked)} /> Low-data mode: no
        hero pictures, and the next lesson is not fetched ahead of time
      </label>
    </section>
  );
}
