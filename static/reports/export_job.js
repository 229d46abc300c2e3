// The export job page: polls the job until its file is ready or it failed.
(function () {
  const box = document.getElementById("job");
  const bar = box.querySelector(".progress");
  function show(job) {
    bar.setAttribute("aria-valuenow", job.progress);
    bar.firstElementChild.style.width = job.progress + "%";
    document.getElementById("job-status").textContent = job.status;
    document.getElementById("job-rows").textContent = job.rows;
    document.getElementById("job-error").textContent = job.error;
    document.getElementById("job-download").hidden = job.status !== "done";
    return job.status === "done" || job.status === "failed";
  }
  function poll() {
    fetch(box.dataset.url, {headers: {Accept: "application/json"}})
      .then(r => r.json())
      .then(job => { if (!show(job)) setTimeout(poll, 1000); })
      .catch(() => setTimeout(poll, 3000));
  }
  bar.firstElementChild.style.width = bar.getAttribute("aria-valuenow") + "%";
  if (box.dataset.status !== "done" && box.dataset.status !== "failed") poll();
})();
