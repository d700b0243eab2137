import { Fragment } from 'react';
import type { InsideEngine } from '@market/contracts';

/** Each engine or SDK found, with its version and facts, and the file each was read from. */
export function EngineTable({ engines }: { engines: readonly InsideEngine[] }) {
  if (engines.length === 0) return <p>No engine or SDK recognised in the archive.</p>;
  return (
    <table className="table table-sm inside-table">
      <caption className="visually-hidden">Engines and SDKs, with the file each fact was read from</caption>
      <thead>
        <tr>
          <th scope="col">Engine or fact</th>
          <th scope="col">Value</th>
          <th scope="col">Read from</th>
        </tr>
      </thead>
      <tbody>
        {engines.map((engine) => (
          <Fragment key={`${engine.engine}:${engine.file}`}>
            <tr className="inside-engine-row">
              <th scope="row">{engine.engine}</th>
              <td>{engine.version ?? 'Version not stated'}</td>
              <td>
                <code className="inside-path">{engine.file}</code>
              </td>
            </tr>
            {engine.facts.map((fact) => (
              <tr key={`${fact.label}:${fact.file}`}>
                <th scope="row" className="inside-fact-label">
                  {fact.label}
                </th>
                <td>{fact.value}</td>
                <td>
                  <code className="inside-path">{fact.file}</code>
                </td>
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
